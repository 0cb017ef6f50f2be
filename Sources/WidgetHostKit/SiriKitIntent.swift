public import Foundation
import JSON
import Synchronization

/// A SiriKit intent, as the classes Xcode generates from an `.intentdefinition` file subclass it:
/// the configuration of an ``IntentConfiguration`` widget. widgethost's `IntentDefinitions` build
/// plugin generates the subclasses from the same file; their configurable parameters are
/// `@Parameter`s (or ``INNumberParameter``s), which YAML `configuration:` keys set, as an
/// `AppIntent`'s are.
open class INIntent: @unchecked Sendable {
    /// An intent with every parameter unset (or at its default).
    public required init() {}
}

/// An object of a custom type of an `.intentdefinition` file (`INObject`): an identifier and the
/// string a person sees. As a configuration parameter it is written in YAML as its identifier,
/// which is also its display string (the options an Intents extension's handler would offer are
/// not asked for).
open class INObject: ParameterValue, Hashable, CustomStringConvertible, @unchecked Sendable {
    /// What the app knows the object by.
    public let identifier: String?
    /// What a person sees.
    public let displayString: String
    /// How to say it.
    public let pronunciationHint: String?
    /// A second line under the display string.
    public let subtitleString: String?

    /// An object known by `identifier`, shown as `displayString`.
    public required init(
        identifier: String?, display displayString: String, pronunciationHint: String? = nil,
        subtitle subtitleString: String? = nil
    ) {
        self.identifier = identifier
        self.displayString = displayString
        self.pronunciationHint = pronunciationHint
        self.subtitleString = subtitleString
    }

    /// The object a configuration names by its identifier.
    public required convenience init?(json: JSONValue) {
        guard case .string(let identifier) = json else { return nil }
        self.init(identifier: identifier, display: identifier)
    }

    /// A string: the identifier.
    public class var parameterType: ParameterType { .string }

    /// An object with no identifier and an empty display string.
    public class var unsetValue: Self { Self(identifier: nil, display: "") }

    /// The identifier (`null` without one).
    public var json: JSONValue { identifier.map { .string($0) } ?? .null }

    /// The display string.
    public var description: String { displayString }

    public static func == (left: INObject, right: INObject) -> Bool {
        left.identifier == right.identifier && left.displayString == right.displayString
            && left.pronunciationHint == right.pronunciationHint
            && left.subtitleString == right.subtitleString
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(identifier)
        hasher.combine(displayString)
    }
}

/// The options an Intents extension's handler offers for a parameter (`INObjectCollection`).
public struct INObjectCollection<Item: INObject>: Sendable {
    /// The options, in sections.
    public let sections: [INObjectSection<Item>]

    /// The options, unsectioned.
    public var allItems: [Item] { sections.flatMap(\.items) }

    /// Options in sections.
    public init(sections: [INObjectSection<Item>]) { self.sections = sections }

    /// Options in one section without a title.
    public init(items: [Item]) { self.sections = [INObjectSection(title: nil, items: items)] }
}

/// A titled group of options (`INObjectSection`).
public struct INObjectSection<Item: INObject>: Sendable {
    /// The section's title.
    public let title: String?
    /// Its options.
    public let items: [Item]

    /// A section.
    public init(title: String?, items: [Item]) {
        self.title = title
        self.items = items
    }
}

/// An enumeration of an `.intentdefinition` file, as Xcode generates it: `Int` raw values, with
/// `unknown` (0) for unset. As a configuration parameter it is written in YAML by case name.
public protocol INEnumeration: ParameterValue, CaseIterable, Hashable, RawRepresentable
where RawValue == Int {
    /// What a person sees the enumeration called (its display name in the `.intentdefinition`
    /// file, `Task Type`), as an `AppEnum`'s type display representation.
    static var enumerationName: String { get }
    /// What a person sees for each case but `unknown`.
    static var caseTitles: [Self: String] { get }
}

extension INEnumeration {
    /// An enumeration of every case but `unknown`, by case name.
    public static var parameterType: ParameterType {
        .enumeration(
            name: enumerationName,
            cases: allCases.compactMap { value in
                caseTitles[value].map { EnumCase(value: "\(value)", title: $0) }
            })
    }

    /// `unknown`, the case of raw value 0 (or else the first).
    public static var unsetValue: Self {
        Self(rawValue: 0) ?? allCases[allCases.startIndex]
    }

    /// The case named `json` (not `unknown`).
    public init?(json: JSONValue) {
        guard case .string(let name) = json,
            let value = Self.allCases.first(where: { Self.caseTitles[$0] != nil && "\($0)" == name })
        else { return nil }
        self = value
    }

    /// The case's name.
    public var json: JSONValue { .string("\(self)") }
}

/// A `Boolean`, `Integer` or `Decimal` parameter of an `.intentdefinition` intent, which Xcode
/// generates as an optional `NSNumber` (`configuration.showChart?.boolValue`); YAML writes it as a
/// boolean or a number.
@propertyWrapper
public final class INNumberParameter: AnyParameter, @unchecked Sendable {
    /// How the host sees it (named when it is described).
    private let described: ParameterDescription
    private let stored: Mutex<JSONValue?>

    /// A parameter titled `title`, of `type` (`.boolean`, `.integer` or `.number`), between
    /// `minimum` and `maximum` where they are given.
    public init(
        title: String, type: ParameterType, default defaultValue: JSONValue? = nil, minimum: Double? = nil,
        maximum: Double? = nil
    ) {
        let whole = type == .integer
        described = ParameterDescription(
            name: "", title: title, type: type, defaultValue: defaultValue,
            minimum: whole ? minimum.flatMap { Int(exactly: $0.rounded(.up)) } : nil,
            maximum: whole ? maximum.flatMap { Int(exactly: $0.rounded(.down)) } : nil,
            isOptional: true, numberMinimum: whole ? nil : minimum, numberMaximum: whole ? nil : maximum)
        stored = Mutex(defaultValue)
        super.init()
    }

    /// What a person sees.
    public var title: String { described.title }
    /// Which of boolean, integer and number it is.
    public var type: ParameterType { described.type }

    /// The value, `nil` when unset.
    public var wrappedValue: NSNumber? {
        get { stored.withLock { $0 }.flatMap(Self.number(of:)) }
        set { stored.withLock { $0 = newValue.map { Self.json(of: $0, as: type) } } }
    }

    /// The parameter itself.
    public var projectedValue: INNumberParameter { self }

    private static func number(of json: JSONValue) -> NSNumber? {
        switch json {
        case .bool(let value): return NSNumber(value: value)
        case .int(let value): return NSNumber(value: value)
        case .double(let value): return NSNumber(value: value)
        default: return nil
        }
    }

    private static func json(of number: NSNumber, as type: ParameterType) -> JSONValue {
        switch type {
        case .boolean: return .bool(number.boolValue)
        case .integer: return .int(number.intValue)
        default: return .double(number.doubleValue)
        }
    }

    @_spi(WidgetHost) public override func describe(name: String) -> ParameterDescription {
        var description = described
        description.name = name
        return description
    }

    @_spi(WidgetHost) public override var currentJSON: JSONValue? { stored.withLock { $0 } }

    @_spi(WidgetHost) public override func set(json: JSONValue) -> Bool {
        let fits: Bool
        switch (type, json) {
        case (_, .null), (.boolean, .bool), (.integer, .int), (.number, .int), (.number, .double): fits = true
        default: fits = false
        }
        guard fits else { return false }
        stored.withLock { $0 = json == .null ? nil : json }
        return true
    }
}

extension DateComponents: ParameterValue {
    /// A date: SiriKit gives a date parameter as its components.
    public static var parameterType: ParameterType { .date }
    /// No components.
    public static var unsetValue: DateComponents { DateComponents() }

    /// The components of an ISO 8601 date in its own time zone (UTC for `Z`).
    public init?(json: JSONValue) {
        guard case .string(let text) = json, let date = ISO8601.date(from: text) else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = Self.timeZone(of: text)
        self = calendar.dateComponents(
            [.calendar, .timeZone, .year, .month, .day, .hour, .minute, .second], from: date)
    }

    /// The zone of an ISO 8601 date's offset (`+09:00`), or UTC (`Z`).
    private static func timeZone(of text: String) -> TimeZone {
        let offset = text.suffix(6)
        let sign: Int? = offset.first == "+" ? 1 : offset.first == "-" ? -1 : nil
        let parts = offset.dropFirst().split(separator: ":")
        if let sign, parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
            let zone = TimeZone(secondsFromGMT: sign * (hours * 3600 + minutes * 60))
        {
            return zone
        }
        return TimeZone(secondsFromGMT: 0) ?? .current
    }

    /// The date the components make, as ISO 8601 (`null` when they make none).
    public var json: JSONValue {
        var calendar = self.calendar ?? Calendar(identifier: .gregorian)
        if let timeZone { calendar.timeZone = timeZone }
        return calendar.date(from: self).map { .string(ISO8601.string(from: $0)) } ?? .null
    }
}
