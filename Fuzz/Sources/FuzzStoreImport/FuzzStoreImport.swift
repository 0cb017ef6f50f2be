import Diagnostics
import Foundation
import FuzzSupport
import TaskStore
import YAML

/// `store import`'s reading of a file: refused with every problem located inside the file, or read
/// the same way twice.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzStoreImport(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let source = SourceText(name: "tasks.yaml", bytes: Property.bytes(data, size))
    let limits = YAMLLimits(maxDepth: 64, maxAliasExpansion: 10_000)
    // Ids are made in order, so both reads make the same ones.
    func read() -> Result<StoreFile, StoreFileError> {
        var next = 0
        return Result { () throws(StoreFileError) in
            try StoreFile.parse(source, limits: limits) {
                next += 1
                return UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, UInt8(next >> 8 & 0xFF), UInt8(next & 0xFF)))
            }
        }
    }
    switch (read(), read()) {
    case (.success(let file), .success(let again)):
        Property.check(file == again, "reading twice gave different tasks")
        Property.check(
            Set(file.tasks.map(\.id)).count == file.tasks.count, "two tasks with one id: \(file.tasks.map(\.id))")
    case (.failure(let error), .failure(let again)):
        Property.check(error.diagnostics == again.diagnostics, "reading twice failed differently")
        Property.check(!error.diagnostics.isEmpty, "refused without a diagnostic")
        for diagnostic in error.diagnostics { Property.checkLocated(diagnostic, in: source) }
    default:
        Property.check(false, "reading twice: once accepted, once refused")
    }
    return 0
}
