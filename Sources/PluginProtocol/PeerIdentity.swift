public import WidgetHostKit

/// Who is at the other end: `{"name", "version"}` (the `host` of `initialize`, the `plugin` of its
/// result).
public struct PeerIdentity: Sendable, Hashable {
    /// The program's name.
    public var name: String
    /// Its version.
    public var version: String

    /// Creates an identity.
    public init(name: String, version: String) {
        self.name = name
        self.version = version
    }

    /// `{"name", "version"}`.
    public var json: JSONValue {
        .object([.init("name", .string(name)), .init("version", .string(version))])
    }

    /// Reads an identity; a missing member is empty.
    public init(json: JSONValue) {
        self.init(name: json["name"]?.stringValue ?? "", version: json["version"]?.stringValue ?? "")
    }
}
