import TestSupport

extension JSONText {
    /// Every node of the view tree `view`, depth first (the order controls are numbered in).
    static func nodes(of view: Any?) -> [[String: Any]] {
        guard let node = view as? [String: Any] else { return [] }
        let children = node["children"] as? [Any] ?? []
        return [node] + children.flatMap { nodes(of: $0) }
    }

    /// The nodes of `view` of type `type`.
    static func nodes(of view: Any?, type: String) -> [[String: Any]] {
        nodes(of: view).filter { $0["type"] as? String == type }
    }
}
