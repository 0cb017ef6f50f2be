public import Diagnostics
public import WidgetHostKit

/// One widget of a configuration file, validated: what `run` evaluates.
public struct WidgetInstance: Sendable {
    /// The instance's id (given, or `<kind>-<n>`).
    public var id: String
    /// The widget kind.
    public var kind: String
    /// The family it is shown in.
    public var family: WidgetFamily
    /// The configuration values by parameter name, defaults filled in; empty for static widgets.
    public var configuration: [String: JSONValue]
    /// The App Group of the file that declares it.
    public var appGroup: String
    /// Where it is declared.
    public var file: String
    /// The line and column of its entry in the `widgets:` list.
    public var location: SourceLocation
    /// Where each value came from, when the loader records it (`widgethost config`): keyed
    /// `appGroup`, `id`, `kind`, `family` and `configuration.NAME`, each `FILE:LINE:COLUMN`,
    /// `--set`, `default` or `env NAME`.
    public var origins: [String: String]?

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
        self.id = id
        self.kind = kind
        self.family = family
        self.configuration = configuration
        self.appGroup = appGroup
        self.file = file
        self.location = location
    }
}
