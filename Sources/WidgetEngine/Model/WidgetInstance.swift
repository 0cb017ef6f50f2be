public import Diagnostics
public import WidgetHostKit

/// One widget of a configuration file, validated: what `run` evaluates.
///
/// An instance a configuration loads to is a row of the configuration's ``InstanceTable`` (16
/// bytes here, about 50 there), so that a run of twenty thousand widgets holds a megabyte for
/// them rather than several; its values are looked up as they are read. Changing a value, or
/// creating an instance, gives the instance values of its own.
public struct WidgetInstance: Sendable {
    private var storage: Storage

    private enum Storage: Sendable {
        /// A row of a configuration's table.
        case row(InstanceTable, Int32)
        /// Values of its own.
        case own(Own)
    }

    /// An instance's own values, shared by its copies until one changes.
    private final class Own: Sendable {
        let values: Values

        init(_ values: Values) {
            self.values = values
        }
    }

    /// Every value of an instance.
    struct Values: Sendable {
        var id: String
        var kind: String
        var family: WidgetFamily
        var configuration: [String: JSONValue]
        var appGroup: String
        var file: String
        var location: SourceLocation
        var origins: [String: String]?
    }

    /// Creates an instance.
    public init(
        id: String,
        kind: String,
        family: WidgetFamily,
        configuration: [String: JSONValue],
        appGroup: String,
        file: String,
        location: SourceLocation
    ) {
        storage = .own(
            Own(
                Values(
                    id: id, kind: kind, family: family, configuration: configuration, appGroup: appGroup,
                    file: file, location: location)))
    }

    /// Row `row` of `table`.
    init(table: InstanceTable, row: Int) {
        storage = .row(table, Int32(truncatingIfNeeded: row))
    }

    /// Every value, looked up or its own.
    var values: Values {
        switch storage {
        case .row(let table, let row): return table.rows.values(of: Int(row))
        case .own(let own): return own.values
        }
    }

    /// Changes one value: the instance takes values of its own.
    private mutating func change(_ body: (inout Values) -> Void) {
        var values = self.values
        body(&values)
        storage = .own(Own(values))
    }

    /// One value: looked up in the row (`row`), or the instance's own (`own`).
    private func value<Value>(_ row: (InstanceRows, Int) -> Value, _ own: KeyPath<Values, Value>) -> Value {
        switch storage {
        case .row(let table, let index): return row(table.rows, Int(index))
        case .own(let values): return values.values[keyPath: own]
        }
    }

    /// The instance's id (given, or `<kind>-<n>`).
    public var id: String {
        get { value({ $0.id(of: $1) }, \.id) }
        set { change { $0.id = newValue } }
    }

    /// The widget kind.
    public var kind: String {
        get { value({ $0.kind(of: $1) }, \.kind) }
        set { change { $0.kind = newValue } }
    }

    /// The family it is shown in.
    public var family: WidgetFamily {
        get { value({ $0.family(of: $1) }, \.family) }
        set { change { $0.family = newValue } }
    }

    /// The configuration values by parameter name, defaults filled in; empty for static widgets.
    public var configuration: [String: JSONValue] {
        get { value({ $0.configuration(of: $1) }, \.configuration) }
        set { change { $0.configuration = newValue } }
    }

    /// The App Group of the file that declares it.
    public var appGroup: String {
        get { value({ $0.appGroup(of: $1) }, \.appGroup) }
        set { change { $0.appGroup = newValue } }
    }

    /// Where it is declared.
    public var file: String {
        get { value({ $0.file(of: $1) }, \.file) }
        set { change { $0.file = newValue } }
    }

    /// The line and column of its entry in the `widgets:` list.
    public var location: SourceLocation {
        get { value({ $0.location(of: $1) }, \.location) }
        set { change { $0.location = newValue } }
    }

    /// Where each value came from, when the loader records it (`widgethost config`): keyed
    /// `appGroup`, `id`, `kind`, `family` and `configuration.NAME`, each `FILE:LINE:COLUMN`,
    /// `--set`, `default` or `env NAME`.
    public var origins: [String: String]? {
        get { value({ $0.origins(of: $1) }, \.origins) }
        set { change { $0.origins = newValue } }
    }
}
