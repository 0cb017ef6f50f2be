/// An action a widget's button or toggle runs, as in AppIntents.
///
/// Parameters are `@Parameter` properties; `init()` makes an intent with their defaults, which the
/// host then sets from configuration or a command line. An intent encodes as its parameter values,
/// so an entry may hold its configuration intent (as Xcode's template's `SimpleEntry` does).
public protocol AppIntent: Sendable, Encodable {
    /// What `perform()` returns.
    associatedtype PerformResult: IntentResult
    /// The type of ``title``: a `LocalizedStringResource`, as AppIntents writes it, or a `String`.
    associatedtype Title: IntentTitle = LocalizedStringResource
    /// The type of ``parameterSummary``.
    associatedtype SummaryContent: ParameterSummary = EmptyParameterSummary
    /// The intent's name as a person sees it.
    static var title: Title { get }
    /// How Shortcuts would phrase the intent with its parameters
    /// (`Summary("Add \(\.$taskName)") { \.$priority }`); none by default.
    @ParameterSummaryBuilder<Self> static var parameterSummary: SummaryContent { get }
    /// A longer description.
    static var description: IntentDescription { get }
    /// An intent with default parameter values.
    init()
    /// Runs the intent. `IntentEnvironment.current` gives the shared container and clock.
    func perform() async throws -> PerformResult
}

extension AppIntent {
    /// No description.
    public static var description: IntentDescription { IntentDescription("") }

    /// The title's text.
    public static var titleText: String { title.intentTitleText }

    /// The name the host and the JSON contract use: the Swift type's name.
    ///
    /// `_typeName` gives what `String(describing:)` gives for a type, without first asking whether
    /// the metatype conforms to `CustomStringConvertible` and the like: each such question the
    /// runtime answers for the first time scans every conformance in the process, a cost paid per
    /// intent at every start of the executable.
    public static var intentType: String { _typeName(Self.self, qualified: false) }
}

/// A longer description of an intent.
public struct IntentDescription: Sendable, Hashable, ExpressibleByStringLiteral {
    /// The text.
    public var text: String

    /// Creates a description.
    public init(_ text: String) {
        self.text = text
    }

    /// Creates a description from a literal.
    public init(stringLiteral value: String) {
        self.text = value
    }

    /// Creates a description of a resource, with an optional category (accepted, not shown).
    public init(_ resource: LocalizedStringResource, categoryName: LocalizedStringResource? = nil) {
        self.text = resource.defaultValue
    }
}

/// The configuration of an `AppIntentConfiguration` widget: its parameters are what YAML
/// `configuration:` sets.
public protocol WidgetConfigurationIntent: AppIntent {}

extension WidgetConfigurationIntent {
    /// Configuration intents are never performed; they only carry parameters. The result type is
    /// named, not `some IntentResult`: an opaque type here would make the runtime's witness table
    /// of `AppIntent` (whose `PerformResult` it is) need this protocol's, which needs `AppIntent`'s.
    public func perform() async throws -> IntentResultValue { .result() }
}

/// An intent that sets one value, as a toggle does: `Toggle(isOn:intent:)` binds to its `value`.
public protocol SetValueIntent: AppIntent {
    /// The type of the value set.
    associatedtype ValueType: ParameterValue
    /// The value to set.
    var value: ValueType { get set }
}

extension AppIntent where SummaryContent == EmptyParameterSummary {
    /// No summary.
    public static var parameterSummary: EmptyParameterSummary { EmptyParameterSummary() }
}

/// What an intent's title can be: a `LocalizedStringResource` (as AppIntents writes it) or a `String`.
public protocol IntentTitle: Sendable {
    /// The text a person sees.
    var intentTitleText: String { get }
}

extension String: IntentTitle {
    /// The string.
    public var intentTitleText: String { self }
}

extension LocalizedStringResource: IntentTitle {
    /// The default value.
    public var intentTitleText: String { defaultValue }
}

/// An intent that plays audio (AppIntents' `AudioPlaybackIntent`): run as any intent is.
public protocol AudioPlaybackIntent: AppIntent {}

/// An intent that replaces a SiriKit intent of an older version of the app (AppIntents'
/// `CustomIntentMigratedAppIntent`): run as any intent is.
public protocol CustomIntentMigratedAppIntent: AppIntent {
    /// The SiriKit intent's class name.
    static var intentClassName: String { get }
}
