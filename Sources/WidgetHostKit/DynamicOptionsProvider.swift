/// Where a parameter's choices come from when they are the app's data, as AppIntents'
/// `DynamicOptionsProvider`: `describe` lists them, `validate` suggests them, and the JSON Schema
/// offers them, when the host has a store.
///
/// ```swift
/// struct CategoryOptionsProvider: DynamicOptionsProvider {
///     func results() async throws -> [String] { try store().categories() }
/// }
/// @Parameter(title: "Category", default: "all", optionsProvider: CategoryOptionsProvider())
/// var category: String
/// ```
///
/// `results()` runs inside an ``IntentEnvironment``: `IntentEnvironment.current` gives the store.
public protocol DynamicOptionsProvider: Sendable {
    /// The type of the choices.
    associatedtype Option: ParameterValue = Result.Element
    /// What it returns: a list of choices, or an ``IntentItemCollection`` of them in sections.
    associatedtype Result: ResultsCollection = [Option] where Result.Element == Option
    /// The choices, in the order a person sees them.
    func results() async throws -> Result
}
