/// How Shortcuts phrases an intent with its parameters, as AppIntents' `ParameterSummary`:
/// `describe` shows it (`Add ${taskName}`, then the other parameters).
public protocol ParameterSummary: Sendable {
    /// The phrase, parameters written `${name}`; `nil` for none.
    var phrase: String? { get }
    /// The parameters shown below the phrase, in order.
    var otherParameters: [String] { get }
}

/// No summary: what an intent without a `parameterSummary` has.
public struct EmptyParameterSummary: ParameterSummary, Hashable {
    /// Creates an empty summary.
    public init() {}

    /// None.
    public var phrase: String? { nil }
    /// None.
    public var otherParameters: [String] { [] }
}

/// A phrase with the intent's parameters in it, and the other parameters listed after it:
///
/// ```swift
/// static var parameterSummary: some ParameterSummary {
///     Summary("Add \(\.$taskName)") { \.$priority }
/// }
/// ```
public struct Summary<Intent: AppIntent>: ParameterSummary, Hashable {
    /// The phrase, parameters written `${name}`.
    public let phrase: String?
    /// The parameters shown below the phrase.
    public let otherParameters: [String]

    /// A summary of a phrase alone.
    public init(_ phrase: ParameterSummaryString<Intent>) {
        self.phrase = phrase.text
        self.otherParameters = []
    }

    /// A summary of a phrase and the parameters listed after it.
    public init(
        _ phrase: ParameterSummaryString<Intent>,
        @ParameterSummaryTableBuilder<Intent> table: () -> [String]
    ) {
        self.phrase = phrase.text
        self.otherParameters = table()
    }

    /// A summary of parameters without a phrase (`Summary { \.$pipelines; \.$withVoice }`).
    public init(@ParameterSummaryTableBuilder<Intent> table: () -> [String]) {
        self.phrase = nil
        self.otherParameters = table()
    }
}

/// A summary's phrase: text with `\(\.$parameter)` interpolations.
public struct ParameterSummaryString<Intent: AppIntent>: Sendable, Hashable, ExpressibleByStringInterpolation
{
    /// The phrase, parameters written `${name}`.
    public let text: String

    /// A phrase without parameters.
    public init(stringLiteral value: String) {
        self.text = value
    }

    /// A phrase with parameters.
    public init(stringInterpolation: StringInterpolation) {
        self.text = stringInterpolation.text
    }

    /// Builds a phrase.
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""

        /// Starts a phrase.
        public init(literalCapacity: Int, interpolationCount: Int) {}

        /// Text.
        public mutating func appendLiteral(_ literal: String) {
            text += literal
        }

        /// A parameter, written `${name}`.
        public mutating func appendInterpolation<Value>(_ parameter: KeyPath<Intent, Parameter<Value>>) {
            text += "${" + ParameterReflection.name(of: parameter) + "}"
        }
    }
}

/// Collects a summary's phrase, as AppIntents' `ParameterSummaryBuilder`.
@resultBuilder
public enum ParameterSummaryBuilder<Intent: AppIntent> {
    /// A summary of this intent's parameters (the intent types the key paths in its phrase).
    public static func buildExpression(_ summary: Summary<Intent>) -> Summary<Intent> { summary }

    /// The one summary.
    public static func buildBlock<Content: ParameterSummary>(_ content: Content) -> Content { content }
}

/// Collects the parameters listed after a summary's phrase.
@resultBuilder
public enum ParameterSummaryTableBuilder<Intent: AppIntent> {
    /// A parameter, by its name.
    public static func buildExpression<Value>(_ parameter: KeyPath<Intent, Parameter<Value>>) -> [String] {
        [ParameterReflection.name(of: parameter)]
    }

    /// The parameters in order.
    public static func buildBlock(_ parts: [String]...) -> [String] { parts.flatMap { $0 } }
}

extension ParameterReflection {
    /// The property name of the parameter `keyPath` reaches (`\.$taskName` -> `taskName`).
    public static func name<Intent: AppIntent, Value>(of keyPath: KeyPath<Intent, Parameter<Value>>) -> String
    {
        let intent = Intent()
        let parameter = intent[keyPath: keyPath]
        return parameters(of: intent).first { $0.parameter === parameter }?.name ?? "\(keyPath)"
    }
}
