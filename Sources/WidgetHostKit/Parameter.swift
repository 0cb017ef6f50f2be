import Synchronization

/// What the host sees of any parameter, whatever its value type: the class every ``Parameter``
/// inherits, so reflection finds parameters with a class cast (much cheaper than a protocol cast).
///
/// `@unchecked Sendable`: it has no stored state; ``Parameter`` keeps its value in a `Mutex`.
public class AnyParameter: @unchecked Sendable {
    init() {}

    /// The parameter's description, given its property name.
    @_spi(WidgetHost) public func describe(name: String) -> ParameterDescription {
        ParameterDescription(name: name, title: "", type: .string)
    }

    /// The current value as JSON; `nil` when nothing set it and it has no default.
    @_spi(WidgetHost) public var currentJSON: JSONValue? { nil }

    /// Sets the value from JSON; returns `false` (changing nothing) when `json` is not of its type.
    @_spi(WidgetHost) public func set(json: JSONValue) -> Bool { false }

    /// Sets the value from JSON as ``set(json:)`` does, looking an ``AppEntity`` up by its id with
    /// its type's `defaultQuery` (run inside the intent's environment, so a query reads the store).
    /// - Throws: ``IntentParameterError`` when no entity has the id; what the query throws.
    @_spi(WidgetHost) public func resolve(json: JSONValue) async throws -> Bool { set(json: json) }

    /// The values the parameter offers, as JSON: its options provider's results, or its entity
    /// type's suggested entities' ids; `nil` when its choices do not come from the app's data.
    /// Run inside an ``IntentEnvironment`` so the provider can read the store.
    @_spi(WidgetHost) public func dynamicOptions() async throws -> [JSONValue]? { nil }

    /// The most items a list parameter shows in each family (`@Parameter(title:size:)`).
    @_spi(WidgetHost) public internal(set) var familySizes: [WidgetFamily: Int]?
}

/// An intent parameter, as AppIntents' `@Parameter`: a title, an optional default, and for integers
/// optional bounds.
///
/// ```swift
/// struct TaskWidgetConfigurationIntent: WidgetConfigurationIntent {
///     @Parameter(title: "Priority", default: .all) var priorityFilter: PriorityFilter
///     @Parameter(title: "Tasks", default: 3, minimum: 1) var maxTasks: Int
/// }
/// ```
///
/// Like AppIntents' `IntentParameter`, it is a reference: the host finds an intent's parameters by
/// reflection and sets them from configuration, so copies of an intent share their values.
@propertyWrapper
public final class Parameter<Value: ParameterValue>: AnyParameter, @unchecked Sendable {
    /// The title a person sees.
    public let title: String
    /// The value when configuration gives none.
    public let defaultValue: Value?
    /// The smallest integer accepted.
    public let minimum: Int?
    /// The largest integer accepted.
    public let maximum: Int?
    /// What Siri or Shortcuts would ask when the value is missing.
    public let requestValueDialog: IntentDialog?
    private let optionsProvider: (@Sendable () async throws -> [JSONValue])?
    /// Guards ``stored``. A lock of no generic type: a `Mutex<Value?>` made every creation and
    /// access of a parameter look its generic type up in the runtime's cache (about 3% of a batch
    /// run of 20,000 widgets).
    private let lock = Mutex(())
    /// The value set, if any (only under ``lock``).
    private var stored: Value?

    /// Creates a parameter; `description` is accepted for source compatibility (describe shows the
    /// title).
    public convenience init(
        title: String, description: String? = nil, default defaultValue: Value? = nil, minimum: Int? = nil,
        maximum: Int? = nil, requestValueDialog: IntentDialog? = nil
    ) {
        self.init(
            title: title, defaultValue: defaultValue, minimum: minimum, maximum: maximum,
            requestValueDialog: requestValueDialog, options: nil)
    }

    /// Creates a parameter whose choices come from the app's data: `optionsProvider`'s results
    /// (`description` as above).
    public convenience init<Provider: DynamicOptionsProvider>(
        title: String, description: String? = nil, default defaultValue: Value? = nil,
        requestValueDialog: IntentDialog? = nil, optionsProvider: Provider
    ) where Provider.Option == Value {
        self.init(
            title: title, defaultValue: defaultValue, minimum: nil, maximum: nil,
            requestValueDialog: requestValueDialog,
            options: { try await optionsProvider.results().resultElements.map(\.json) })
    }

    /// Creates an optional parameter whose choices come from `optionsProvider`'s results of the
    /// wrapped type (`@Parameter(title: "Camera", optionsProvider: CameraOptions()) var camera:
    /// Camera?`).
    public convenience init<Provider: DynamicOptionsProvider>(
        title: String, description: String? = nil, default defaultValue: Value? = nil,
        requestValueDialog: IntentDialog? = nil, optionsProvider: Provider
    ) where Value == Provider.Option? {
        self.init(
            title: title, defaultValue: defaultValue, minimum: nil, maximum: nil,
            requestValueDialog: requestValueDialog,
            options: { try await optionsProvider.results().resultElements.map(\.json) })
    }

    /// The parameter every public form makes.
    private init(
        title: String, defaultValue: Value?, minimum: Int?, maximum: Int?, requestValueDialog: IntentDialog?,
        options: (@Sendable () async throws -> [JSONValue])?
    ) {
        self.title = title
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
        self.requestValueDialog = requestValueDialog
        self.optionsProvider = options
        self.stored = defaultValue
        super.init()
    }

    /// Creates a parameter titled by a resource (`@Parameter(title: .init("server.title",
    /// defaultValue: "Server"))`): its default value is the title.
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        default defaultValue: Value? = nil, requestValueDialog: IntentDialog? = nil
    ) {
        self.init(
            title: title.defaultValue, description: description?.defaultValue, default: defaultValue,
            requestValueDialog: requestValueDialog)
    }

    /// Creates a parameter titled by a resource, whose choices come from `optionsProvider`.
    public convenience init<Provider: DynamicOptionsProvider>(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        default defaultValue: Value? = nil, requestValueDialog: IntentDialog? = nil, optionsProvider: Provider
    ) where Provider.Option == Value {
        self.init(
            title: title.defaultValue, description: description?.defaultValue, default: defaultValue,
            requestValueDialog: requestValueDialog, optionsProvider: optionsProvider)
    }

    /// A list parameter that shows at most `size` items in each family (`@Parameter(title:size:)`):
    /// a configuration that gives a family more is warned of (`config.beyond-family`), as
    /// ``WidgetConfiguration/parameterLimit(_:_:)`` warns of a number.
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        default defaultValue: Value? = nil, size: [WidgetFamily: IntentCollectionSize],
        requestValueDialog: IntentDialog? = nil
    ) {
        self.init(
            title: title.defaultValue, description: description?.defaultValue, default: defaultValue,
            requestValueDialog: requestValueDialog)
        familySizes = size.mapValues(\.maximum)
    }

    /// A list parameter of at most `size` items in every family.
    public convenience init(
        title: LocalizedStringResource, description: LocalizedStringResource? = nil,
        default defaultValue: Value? = nil, size: IntentCollectionSize,
        requestValueDialog: IntentDialog? = nil
    ) {
        self.init(
            title: title, description: description, default: defaultValue,
            size: Dictionary(uniqueKeysWithValues: WidgetFamily.allCases.map { ($0, size) }),
            requestValueDialog: requestValueDialog)
    }

    /// Creates an integer parameter within `inclusiveRange`, as AppIntents spells it.
    public convenience init(title: String, default defaultValue: Value? = nil, inclusiveRange: (Int, Int)) {
        self.init(title: title, default: defaultValue, minimum: inclusiveRange.0, maximum: inclusiveRange.1)
    }

    /// The value: what was set, else the default, else the type's unset value.
    public var wrappedValue: Value {
        get { storedValue ?? defaultValue ?? Value.unsetValue }
        set { store(newValue) }
    }

    /// The value set, read under the lock.
    private var storedValue: Value? { lock.withLock { _ in stored } }

    /// Sets the value under the lock.
    private func store(_ value: Value) {
        lock.withLock { _ in stored = value }
    }

    /// The parameter itself, for reflection.
    public var projectedValue: Parameter<Value> { self }

    /// The parameter's description.
    @_spi(WidgetHost) public override func describe(name: String) -> ParameterDescription {
        ParameterDescription(
            name: name,
            title: title,
            type: Value.parameterType,
            defaultValue: defaultValue?.json,
            minimum: minimum,
            maximum: maximum,
            isOptional: Value.isOptional,
            requestValueDialog: requestValueDialog?.text,
            hasDynamicOptions: optionsProvider != nil || Value.suggestsValues
        )
    }

    /// The current value as JSON.
    @_spi(WidgetHost) public override var currentJSON: JSONValue? {
        (storedValue ?? defaultValue)?.json
    }

    /// Sets the value from JSON.
    @_spi(WidgetHost) public override func set(json: JSONValue) -> Bool {
        guard let value = Value(json: json) else { return false }
        store(value)
        return true
    }

    /// Sets the value from JSON, an entity looked up by its id.
    @_spi(WidgetHost) public override func resolve(json: JSONValue) async throws -> Bool {
        guard let value = try await Value.resolve(json: json, title: title) else { return false }
        store(value)
        return true
    }

    /// The provider's results, or the entity type's suggestions.
    @_spi(WidgetHost) public override func dynamicOptions() async throws -> [JSONValue]? {
        if let optionsProvider { return try await optionsProvider() }
        return try await Value.suggestedValues()
    }
}

/// A parameter as the host describes it: in `describe`, in the JSON Schema, in the plugin protocol.
public struct ParameterDescription: Sendable, Hashable {
    /// The property name, which is the configuration key.
    public var name: String
    /// The title a person sees.
    public var title: String
    /// The type.
    public var type: ParameterType
    /// The default, if any.
    public var defaultValue: JSONValue?
    /// The smallest integer accepted, if bounded.
    public var minimum: Int?
    /// The largest integer accepted, if bounded.
    public var maximum: Int?
    /// The smallest value a `number` parameter accepts, if bounded (any number, fractions included).
    public var numberMinimum: Double?
    /// The largest value a `number` parameter accepts, if bounded.
    public var numberMaximum: Double?
    /// Whether the value may be absent.
    public var isOptional: Bool
    /// What Siri or Shortcuts would ask when the value is missing, if the parameter says.
    public var requestValueDialog: String?
    /// Whether the parameter's choices come from the app's data (a `DynamicOptionsProvider` or an
    /// `AppEntity`'s query): the host asks for them with a store.
    public var hasDynamicOptions: Bool

    /// Creates a description.
    public init(
        name: String,
        title: String,
        type: ParameterType,
        defaultValue: JSONValue? = nil,
        minimum: Int? = nil,
        maximum: Int? = nil,
        isOptional: Bool = false,
        requestValueDialog: String? = nil,
        hasDynamicOptions: Bool = false,
        numberMinimum: Double? = nil,
        numberMaximum: Double? = nil
    ) {
        self.numberMinimum = numberMinimum
        self.numberMaximum = numberMaximum
        self.requestValueDialog = requestValueDialog
        self.hasDynamicOptions = hasDynamicOptions
        self.name = name
        self.title = title
        self.type = type
        self.defaultValue = defaultValue
        self.minimum = minimum
        self.maximum = maximum
        self.isOptional = isOptional
    }

    /// Whether configuration must give a value: no default and not optional.
    public var isRequired: Bool { defaultValue == nil && !isOptional }

    /// Why `value` is outside this `number` parameter's bounds (named `name`), or `nil` when it is
    /// within them; bounds are compared exactly, as the doubles they are.
    public func numberBoundProblem(_ value: Double, name: String) -> String? {
        if let low = numberMinimum, value < low {
            return "'\(name)' must be at least \(Self.numberText(low)), not \(Self.numberText(value))"
        }
        if let high = numberMaximum, value > high {
            return "'\(name)' must be at most \(Self.numberText(high)), not \(Self.numberText(value))"
        }
        return nil
    }

    /// A number as JSON would write it: `7`, `7.5`, `1e+22`.
    public static func numberText(_ value: Double) -> String {
        if value.rounded() == value, abs(value) < 1e15 { return String(Int(value)) }
        return "\(value)"
    }

    /// A bound as JSON: an integer when it is one, so `"maximum": 7` stays `7`.
    public static func numberJSON(_ value: Double) -> JSONValue {
        value.rounded() == value && abs(value) < 1e15 ? .int(Int(value)) : .double(value)
    }
}

/// Finds the `@Parameter`s of an intent by reflection, in declaration order.
///
/// `Mirror` is slow (it was 18% of a 20,000-widget run, reflecting every widget's intent and every
/// control's), so an intent type is reflected once: for a struct, where each `@Parameter` is
/// stored (its byte offset, found by reflecting one instance and looking for each parameter's
/// reference among the struct's words); later instances are read at those offsets. A type whose
/// parameters cannot all be placed that way (a class, an enum, a parameter stored twice) is
/// reflected with `Mirror` every time, as before.
@_spi(WidgetHost) public enum ParameterReflection {
    /// Where one intent type keeps its parameters.
    private struct Layout: Sendable {
        /// The property names, in declaration order.
        var names: [String]
        /// The byte offset of each parameter's reference, or `nil` when they are found by `Mirror`.
        var offsets: [Int]?
    }

    /// The layouts found so far, by intent type.
    private static let layouts = Mutex<[ObjectIdentifier: Layout]>([:])

    /// Each parameter of `intent`, with its property name.
    public static func parameters<Intent: Sendable>(of intent: Intent) -> [(
        name: String, parameter: AnyParameter
    )] {
        // `Intent` is the dynamic type (an existential argument is opened), checked all the same.
        guard type(of: intent) == Intent.self else { return mirrored(intent) }
        let key = ObjectIdentifier(Intent.self)
        let layout: Layout
        if let known = layouts.withLock({ $0[key] }) {
            layout = known
        } else {
            layout = Self.layout(of: intent)
            layouts.withLock { $0[key] = layout }
        }
        guard let offsets = layout.offsets else { return mirrored(intent) }
        return withUnsafeBytes(of: intent) { bytes in
            zip(layout.names, offsets).map { name, offset in
                (name, bytes.load(fromByteOffset: offset, as: AnyParameter.self))
            }
        }
    }

    /// Each parameter of `intent` found by `Mirror`.
    private static func mirrored(_ intent: some Sendable) -> [(name: String, parameter: AnyParameter)] {
        Mirror(reflecting: intent).children.compactMap { child in
            guard let label = child.label, let parameter = child.value as? AnyParameter else {
                return nil
            }
            return (label.hasPrefix("_") ? String(label.dropFirst()) : label, parameter)
        }
    }

    /// Where `intent`'s type stores its parameters: each parameter's reference must appear exactly
    /// once among the struct's aligned words, else the type is left to `Mirror`.
    private static func layout<Intent: Sendable>(of intent: Intent) -> Layout {
        let found = mirrored(intent)
        let names = found.map(\.name)
        guard Mirror(reflecting: intent).displayStyle == .struct else { return Layout(names: names) }
        let word = MemoryLayout<UInt>.size
        let offsets: [Int]? = withUnsafeBytes(of: intent) { bytes in
            var offsets: [Int] = []
            for (_, parameter) in found {
                let address = UInt(bitPattern: Unmanaged.passUnretained(parameter).toOpaque())
                let matches = stride(from: 0, through: bytes.count - word, by: word).filter {
                    bytes.loadUnaligned(fromByteOffset: $0, as: UInt.self) == address
                }
                guard matches.count == 1, let offset = matches.first else { return nil }
                offsets.append(offset)
            }
            return offsets
        }
        return Layout(names: names, offsets: offsets)
    }

    /// The descriptions of `intent`'s parameters.
    public static func descriptions(of intent: some Sendable) -> [ParameterDescription] {
        parameters(of: intent).map { $0.parameter.describe(name: $0.name) }
    }

    /// The current values of `intent`'s parameters as a JSON object, in declaration order.
    public static func values(of intent: some Sendable) -> JSONValue {
        .object(parameters(of: intent).map { JSONValue.Member($0.name, $0.parameter.currentJSON ?? .null) })
    }
}
