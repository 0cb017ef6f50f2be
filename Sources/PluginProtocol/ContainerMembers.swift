import WidgetHostKit

/// The members of `timeline`'s, `perform`'s and `options`' params that say which shared container
/// the request runs in: `container`, its path (`.` when absent), and `appGroup`, its App Group,
/// when the host knows it.
enum ContainerMembers {
    /// `container`, and `appGroup` when there is one.
    static func json(container: String, appGroup: String?) -> [JSONValue.Member] {
        [.init("container", .string(container))] + (appGroup.map { [.init("appGroup", .string($0))] } ?? [])
    }

    /// The container's path and App Group in `params`.
    static func read(_ params: JSONValue) -> (container: String, appGroup: String?) {
        (params["container"]?.stringValue ?? ".", params["appGroup"]?.stringValue)
    }
}
