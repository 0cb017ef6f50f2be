extension String {
    /// The folder above this path, as `NSString.deletingLastPathComponent` gives it (`a/b` is `a`,
    /// `/a` is `/`, `a` and `a/` are empty), worked out by hand: that Foundation call traps on a
    /// one-character name (`a`, `a/`), so a configuration file named `a` crashed every command.
    public var parentPath: String {
        var trimmed = Substring(self)
        while trimmed.count > 1 && trimmed.hasSuffix("/") { trimmed = trimmed.dropLast() }
        guard let slash = trimmed.lastIndex(of: "/") else { return "" }
        var parent = trimmed[..<slash]
        while parent.count > 1 && parent.hasSuffix("/") { parent = parent.dropLast() }
        return parent.isEmpty ? "/" : String(parent)
    }
}
