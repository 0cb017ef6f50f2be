import Diagnostics

#if canImport(Glibc)
    import Glibc
#endif

/// The `include:` entries of a configuration, indexed so that whether a changed path concerns
/// one of them (``IncludeWatch/concerns(_:)``) is answered without trying every entry: a path of
/// `n` components can only match a level of `n` components (`*` crosses no `/`), a plain level
/// only when equal to it, and a level with a glob only below the plain directory before its
/// first glob component.
struct IncludeIndex: Sendable {
    /// A level with a glob: the plain directory before its first glob component, and its depth.
    private struct Key: Hashable {
        var head: String
        var depth: Int
    }

    /// Every plain level of every entry (no glob in it: a path matches it only when equal).
    private var plain: Set<String> = []
    /// Every level with a glob, as a pattern for fnmatch(3).
    private var globbed: [Key: [String]] = [:]

    /// The index of `includes`.
    /// - Complexity: O(n) in the entries' components.
    init(_ includes: some Sequence<IncludeWatch>) {
        for include in includes {
            var prefix = ""
            var head: String?
            for (depth, component) in include.components.enumerated() {
                if head == nil && Self.isGlob(component) { head = prefix.isEmpty ? "/" : prefix }
                prefix += "/" + component
                if let head {
                    globbed[Key(head: head, depth: depth + 1), default: []].append(prefix)
                } else {
                    plain.insert(prefix)
                }
            }
        }
    }

    /// Whether a change at `path` (absolute) can change what an entry names, as
    /// ``IncludeWatch/concerns(_:)`` says of each entry.
    /// - Complexity: O(d²) in the path's components `d`, and one fnmatch(3) per level with a glob
    ///   below one of the path's directories at its depth.
    func concerns(_ path: String) -> Bool {
        if plain.contains(path) { return true }
        guard !globbed.isEmpty else { return false }
        let components = path.split(separator: "/")
        var head = "/"
        for index in 0..<components.count {
            if index > 0 { head += (index == 1 ? "" : "/") + components[index - 1] }
            guard let patterns = globbed[Key(head: head, depth: components.count)] else { continue }
            let matched = FileSystemName.withCString(path) { name in
                patterns.contains { pattern in
                    FileSystemName.withCString(pattern) { fnmatch($0, name, FNM_PATHNAME | FNM_PERIOD) == 0 }
                }
            }
            if matched { return true }
        }
        return false
    }

    /// Whether fnmatch(3) may read `component` otherwise than as its plain text.
    private static func isGlob(_ component: String) -> Bool {
        component.contains { $0 == "*" || $0 == "?" || $0 == "[" || $0 == "\\" }
    }
}
