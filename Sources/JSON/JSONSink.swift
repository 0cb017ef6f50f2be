/// Where a value writes its JSON, member by member: bytes straight into an output buffer
/// (``JSONBytes``), or a ``JSONValue`` tree (``JSONTree``). A type that writes itself through a
/// sink says its JSON once and gets both: the tree for those who read it, the bytes for a batch run
/// that writes tens of megabytes of views without building a tree per widget.
///
/// Calls follow the JSON text: ``beginObject()``, then ``key(_:)`` (or ``key(named:)``) and a value for each member,
/// then ``endObject()``; ``beginArray()``, values, ``endArray()``. A value is one of the scalar
/// calls, ``value(_:)`` for a whole ``JSONValue``, or an object or array.
public protocol JSONSink {
    /// Opens an object.
    mutating func beginObject()
    /// Closes the object opened last.
    mutating func endObject()
    /// Opens an array.
    mutating func beginArray()
    /// Closes the array opened last.
    mutating func endArray()
    /// Names the next member of the object being written.
    mutating func key(named name: String)
    /// Names the next member with a name written in the source, which needs no escape (a letter,
    /// digit or `_` each): the common case, written without looking at its characters.
    mutating func key(_ name: StaticString)
    /// A string.
    mutating func string(_ value: String)
    /// `true` or `false`.
    mutating func bool(_ value: Bool)
    /// A floating-point number.
    mutating func double(_ value: Double)
    /// A whole value.
    mutating func value(_ value: JSONValue)
}

/// Compact JSON text as UTF-8 bytes, byte for byte what ``JSONValue/write(to:)-([UInt8])`` writes
/// for the same value. A sink is one writer's: copies of it write to the same bytes.
public struct JSONBytes: JSONSink {
    private let buffer: JSONByteBuffer
    /// Whether a comma comes before the next member or item: after a value, not after an opening
    /// or a key.
    private var needsComma = false

    /// An empty sink with room for `capacity` bytes before it grows.
    public init(capacity: Int = 4096) {
        buffer = JSONByteBuffer(capacity: capacity)
    }

    /// The bytes written.
    public var output: [UInt8] { buffer.withBytes { Array($0) } }

    /// Appends `text` as it is, outside the JSON value being written: what separates values in a
    /// stream of them (a comma, a line break).
    public mutating func raw(_ text: StaticString) {
        buffer.append(text)
    }

    /// Appends the bytes written to `output`.
    public func append(to output: inout [UInt8]) {
        buffer.withBytes { output.append(contentsOf: $0) }
    }

    private func separate() {
        if needsComma { buffer.append(UInt8(ascii: ",")) }
    }

    /// Opens an object or an array with `bracket`.
    private mutating func open(_ bracket: Unicode.Scalar) {
        separate()
        buffer.append(UInt8(ascii: bracket))
        needsComma = false
    }

    /// Closes an object or an array with `bracket`.
    private mutating func close(_ bracket: Unicode.Scalar) {
        buffer.append(UInt8(ascii: bracket))
        needsComma = true
    }

    public mutating func beginObject() { open("{") }
    public mutating func endObject() { close("}") }
    public mutating func beginArray() { open("[") }
    public mutating func endArray() { close("]") }

    public mutating func key(named name: String) {
        separate()
        buffer.appendQuoted(name)
        buffer.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func key(_ name: StaticString) {
        separate()
        buffer.append(UInt8(ascii: "\""))
        buffer.append(name)
        buffer.append(UInt8(ascii: "\""))
        buffer.append(UInt8(ascii: ":"))
        needsComma = false
    }

    public mutating func string(_ value: String) {
        separate()
        buffer.appendQuoted(value)
        needsComma = true
    }

    public mutating func bool(_ value: Bool) {
        separate()
        buffer.append(value ? "true" : "false")
        needsComma = true
    }

    public mutating func double(_ value: Double) {
        self.value(.double(value))
    }

    public mutating func value(_ value: JSONValue) {
        separate()
        value.write(to: buffer)
        needsComma = true
    }
}

/// A ``JSONValue`` tree built from a sink's calls.
public struct JSONTree: JSONSink {
    /// An object or array being filled, with the key it takes in its own container.
    private enum Open {
        case object([JSONValue.Member], key: String?)
        case array([JSONValue], key: String?)
    }

    private var open: [Open] = []
    private var pendingKey: String?
    /// The value written, once it is complete (`null` before).
    public private(set) var result: JSONValue = .null

    /// An empty tree.
    public init() {}

    private mutating func add(_ value: JSONValue) {
        switch open.popLast() {
        case nil:
            result = value
        case .object(var members, let key):
            members.append(JSONValue.Member(pendingKey ?? "", value))
            open.append(.object(members, key: key))
        case .array(var items, let key):
            items.append(value)
            open.append(.array(items, key: key))
        }
        pendingKey = nil
    }

    /// Opens `container`, which takes the pending key with it.
    private mutating func begin(_ container: Open) {
        open.append(container)
        pendingKey = nil
    }

    /// Adds the closed container's `value` to the one it was opened in, under its `key`.
    private mutating func end(_ value: JSONValue, key: String?) {
        pendingKey = key
        add(value)
    }

    public mutating func beginObject() { begin(.object([], key: pendingKey)) }

    public mutating func endObject() {
        guard case .object(let members, let key)? = open.popLast() else { return }
        end(.object(members), key: key)
    }

    public mutating func beginArray() { begin(.array([], key: pendingKey)) }

    public mutating func endArray() {
        guard case .array(let items, let key)? = open.popLast() else { return }
        end(.array(items), key: key)
    }

    public mutating func key(named name: String) { pendingKey = name }
    public mutating func key(_ name: StaticString) { pendingKey = name.description }
    public mutating func string(_ value: String) { add(.string(value)) }
    public mutating func bool(_ value: Bool) { add(.bool(value)) }
    public mutating func double(_ value: Double) { add(.double(value)) }
    public mutating func value(_ value: JSONValue) { add(value) }
}

extension JSONSink {
    /// Writes member `name` with `value` when there is one; nothing when it is `nil`.
    public mutating func member(_ name: StaticString, _ value: String?) {
        guard let value else { return }
        key(name)
        string(value)
    }

    /// Writes member `name` with an array of `elements`, each written by `write`.
    package mutating func member<Element>(
        _ name: StaticString, _ elements: [Element], _ write: (Element, inout Self) -> Void
    ) {
        key(name)
        beginArray()
        for element in elements { write(element, &self) }
        endArray()
    }
}

/// A value that writes its JSON through a ``JSONSink``.
public protocol JSONSinkWritable {
    /// Writes the value through `sink`.
    func write(to sink: inout some JSONSink)
}

extension JSONSinkWritable {
    /// The value as a tree.
    public var json: JSONValue {
        var tree = JSONTree()
        write(to: &tree)
        return tree.result
    }

    /// Appends the value as compact JSON text.
    public func write(to output: inout [UInt8]) {
        var bytes = JSONBytes()
        write(to: &bytes)
        bytes.append(to: &output)
    }
}
