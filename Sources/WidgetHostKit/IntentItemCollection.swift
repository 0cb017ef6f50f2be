/// What a query or an options provider returns, as AppIntents' `ResultsCollection`: a list, or an
/// ``IntentItemCollection`` of titled sections. The host takes every result in order; the sections
/// and titles are a chooser's, which widgethost has none of (YAML names the value).
public protocol ResultsCollection {
    /// One result.
    associatedtype Element
    /// Every result, in order, sections one after another.
    @_spi(WidgetHost) var resultElements: [Element] { get }
}

extension Array: ResultsCollection {
    /// The list.
    @_spi(WidgetHost) public var resultElements: [Element] { self }
}

/// Results in sections, as AppIntents' `IntentItemCollection` (Home Assistant's entities grouped by
/// server).
public struct IntentItemCollection<Result: Sendable>: ResultsCollection, Sendable {
    /// The sections, in order.
    public var sections: [IntentItemSection<Result>]
    /// What a chooser's search field would say.
    public var promptLabel: String?

    /// Results in sections.
    public init(
        promptLabel: LocalizedStringResource? = nil, usesIndexedCollation: Bool = false,
        sections: [IntentItemSection<Result>]
    ) {
        self.sections = sections
        self.promptLabel = promptLabel?.defaultValue
    }

    /// Results in one section without a title.
    public init(
        promptLabel: LocalizedStringResource? = nil, usesIndexedCollation: Bool = false,
        items: [IntentItem<Result>]
    ) {
        self.init(promptLabel: promptLabel, sections: [IntentItemSection(items: items)])
    }

    /// Results in one section without a title, each shown as it shows itself.
    public init(
        promptLabel: LocalizedStringResource? = nil, usesIndexedCollation: Bool = false, items: [Result]
    ) {
        self.init(promptLabel: promptLabel, sections: [IntentItemSection(items: items)])
    }

    /// Every section's results, in order.
    @_spi(WidgetHost) public var resultElements: [Result] { sections.flatMap { $0.items.map(\.value) } }
}

/// A titled group of results, as AppIntents' `IntentItemSection`.
public struct IntentItemSection<Result: Sendable>: Sendable {
    /// The section's title.
    public var title: String?
    /// Its results.
    public var items: [IntentItem<Result>]

    /// A section of items.
    public init(_ title: LocalizedStringResource? = nil, items: [IntentItem<Result>]) {
        self.title = title?.defaultValue
        self.items = items
    }

    /// A section of results, each shown as it shows itself.
    public init(_ title: LocalizedStringResource? = nil, items: [Result]) {
        self.init(title, items: items.map { IntentItem($0) })
    }
}

/// One result with how a chooser would show it, as AppIntents' `IntentItem`.
public struct IntentItem<Result: Sendable>: Sendable {
    /// The result.
    public var value: Result
    /// Its title, where it is not the result's own.
    public var title: String?
    /// Its subtitle.
    public var subtitle: String?

    /// An item.
    public init(
        _ value: Result, title: LocalizedStringResource? = nil, subtitle: LocalizedStringResource? = nil,
        image: DisplayRepresentation.Image? = nil
    ) {
        self.value = value
        self.title = title?.defaultValue
        self.subtitle = subtitle?.defaultValue
    }
}

/// How many items a list parameter takes, as AppIntents' `IntentCollectionSize`: a number, or a
/// range of which the host checks the most.
public struct IntentCollectionSize: Sendable, Hashable, ExpressibleByIntegerLiteral {
    /// The fewest items.
    public let minimum: Int
    /// The most items.
    public let maximum: Int

    /// Exactly `size` items.
    public init(_ size: Int) {
        self.init(min: size, max: size)
    }

    /// From `min` to `max` items.
    public init(min: Int, max: Int) {
        self.minimum = min
        self.maximum = max
    }

    /// Exactly `value` items.
    public init(integerLiteral value: Int) {
        self.init(value)
    }
}

/// An error an intent throws to say how it failed, as AppIntents' `AppIntentError`: the host
/// reports it as it reports any error of `perform()`.
public struct AppIntentError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What went wrong.
    public let description: String

    /// Run the intent again (a control's value provider throws it while its state is loading).
    public static let restartPerform = AppIntentError(description: "the intent asks to be performed again")

    /// An error that performing again will not mend.
    public static let unrecoverable = AppIntentError(description: "the intent failed and cannot recover")

    /// A permission the intent lacks.
    public static let permissionRequired = AppIntentError(
        description: "the intent lacks a permission it needs")
}

/// The parameters of the intent being configured that a query's choices depend on, as AppIntents'
/// `IntentParameterDependency` (`@IntentParameterDependency<LightIntent>(\.$server) var config`,
/// then `config?.server`): `nil` where no intent of that type is being configured or run. The host
/// sets an intent's parameters in the order they are declared, so a query reads those declared
/// before the parameter it finds values for.
@propertyWrapper
public struct IntentParameterDependency<Intent: AppIntent>: Sendable {
    /// The intent being configured, its parameters read by name (`config?.server`).
    @dynamicMemberLookup
    public struct Dependency: Sendable {
        let intent: Intent

        /// A parameter's value, or any other property of the intent.
        public subscript<Value>(dynamicMember keyPath: KeyPath<Intent, Value>) -> Value {
            intent[keyPath: keyPath]
        }
    }

    /// A dependency on one parameter.
    public init<Value>(_ parameter: KeyPath<Intent, Parameter<Value>>) {}

    /// A dependency on two parameters.
    public init<First, Second>(
        _ first: KeyPath<Intent, Parameter<First>>, _ second: KeyPath<Intent, Parameter<Second>>
    ) {}

    /// A dependency on three parameters.
    public init<First, Second, Third>(
        _ first: KeyPath<Intent, Parameter<First>>, _ second: KeyPath<Intent, Parameter<Second>>,
        _ third: KeyPath<Intent, Parameter<Third>>
    ) {}

    /// The intent being configured or run now, when it is one of this type.
    public var wrappedValue: Dependency? {
        (IntentEnvironment.current?.intent as? Intent).map(Dependency.init)
    }
}
