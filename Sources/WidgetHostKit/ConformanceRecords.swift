/// The types of the process that conform to a protocol, read from the conformance records the
/// Swift compiler writes into each image (the `swift5_protocol_conformances` section), as Apple's
/// build finds an extension's app intents: what the plugin server finds the intents with, and the
/// SDK the asset catalogs the build generated.
package enum ConformanceRecords {
    /// Every non-generic struct, enum or class of the process that conforms to protocol `name` of
    /// module `module`.
    package static func types(conformingTo name: String, module: String) -> [Any.Type] {
        #if canImport(Darwin)
            return []  // Mach-O images are read through dyld, not this walk: not done yet
        #else
            var search = Search(name: name, module: module)
            withUnsafeMutablePointer(to: &search) { pointer in
                enumerateAllMetadataSections(
                    { sections, context in
                        guard let context else { return false }
                        let search = context.assumingMemoryBound(to: Search.self)
                        search.pointee.found += ConformanceRecords.types(
                            in: sections, conformingTo: search.pointee.name, module: search.pointee.module)
                        return true
                    }, pointer)
            }
            return search.found
        #endif
    }

    /// What a walk looks for, and what it found.
    private struct Search {
        var name: String
        var module: String
        var found: [Any.Type] = []
    }

    /// The conformances to `name` of `module` of one image, whose metadata sections `sections`
    /// describes.
    ///
    /// The layouts read here are the Swift runtime's ABI (`swift/RemoteInspection/Records.h`,
    /// `swift/ABI/Metadata.h`): stable since Swift 5.0 on every platform.
    private static func types(in sections: UnsafeRawPointer, conformingTo name: String, module: String)
        -> [Any.Type]
    {
        // MetadataSections: version, baseAddress, two unused words, then (start, length) ranges:
        // swift5_protocols, swift5_protocol_conformances, ...
        let word = MemoryLayout<UInt>.size
        let start = sections.load(fromByteOffset: 4 * word + 2 * word, as: UInt.self)
        let length = sections.load(fromByteOffset: 4 * word + 3 * word, as: Int.self)
        guard let records = UnsafeRawPointer(bitPattern: start), length > 0 else { return [] }
        var types: [Any.Type] = []
        for offset in stride(from: 0, to: length, by: 4) {
            // A conformance record: a relative pointer to its conformance descriptor.
            let descriptor = relative(records + offset)
            guard isProtocol(indirectable(descriptor), named: name, in: module),
                let type = conformingType(descriptor)
            else { continue }
            types.append(type)
        }
        return types
    }

    /// Whether the protocol descriptor `descriptor` is protocol `name` of module `module`.
    private static func isProtocol(_ descriptor: UnsafeRawPointer?, named name: String, in module: String)
        -> Bool
    {
        guard let descriptor, self.name(of: descriptor) == name,
            let parent = indirectable(descriptor + 4)
        else { return false }
        return self.name(of: parent) == module
    }

    /// The type of a conformance descriptor (`protocol`, `typeRef`, `witnessTable`, `flags`), when it
    /// is a non-generic struct, enum or class whose metadata can be asked for.
    private static func conformingType(_ descriptor: UnsafeRawPointer) -> Any.Type? {
        let flags = descriptor.load(fromByteOffset: 12, as: UInt32.self)
        let type: UnsafeRawPointer?
        switch (flags >> 3) & 0x7 {
        case 0: type = relative(descriptor + 4)
        case 1: type = relative(descriptor + 4).load(as: UnsafeRawPointer?.self)
        default: return nil  // Objective-C classes: none on Linux
        }
        guard let type else { return nil }
        // Type context descriptor: flags, parent, name, access function, fields.
        let typeFlags = type.load(as: UInt32.self)
        let kind = typeFlags & 0x1F
        let isGeneric = typeFlags & 0x80 != 0
        guard (16...18).contains(kind), !isGeneric else { return nil }
        // A non-generic type's metadata access function takes the request (0: complete) and returns
        // the metadata first; its calling convention agrees with C's for that on every Swift
        // platform, as the runtime's own reflection relies on.
        let accessor = unsafeBitCast(relative(type + 12), to: MetadataAccessor.self)
        guard let metadata = accessor(0) else { return nil }
        return unsafeBitCast(metadata, to: Any.Type.self)
    }

    private typealias MetadataAccessor = @convention(c) (Int) -> UnsafeRawPointer?

    /// The name of a context descriptor (flags, parent, name).
    private static func name(of descriptor: UnsafeRawPointer) -> String {
        String(cString: relative(descriptor + 8).assumingMemoryBound(to: CChar.self))
    }

    /// The address a 32-bit relative pointer at `field` points to.
    private static func relative(_ field: UnsafeRawPointer) -> UnsafeRawPointer {
        field + Int(field.load(as: Int32.self))
    }

    /// The address a relative indirectable pointer at `field` points to: directly, or (low bit
    /// set) through a pointer stored where it points.
    private static func indirectable(_ field: UnsafeRawPointer) -> UnsafeRawPointer? {
        let offset = Int(field.load(as: Int32.self))
        guard offset != 0 else { return nil }
        if offset & 1 == 0 { return field + offset }
        return (field + (offset & ~1)).load(as: UnsafeRawPointer?.self)
    }
}

#if !canImport(Darwin)
    /// The Swift runtime's walk over every loaded image's metadata sections (ELF and COFF platforms).
    @_silgen_name("swift_enumerateAllMetadataSections")
    private func enumerateAllMetadataSections(
        _ body: @convention(c) (UnsafeRawPointer, UnsafeMutableRawPointer?) -> Bool,
        _ context: UnsafeMutableRawPointer?
    )
#endif
