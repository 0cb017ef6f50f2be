/// A thing of the app's own data an intent parameter can name, as AppIntents' `AppEntity`: the
/// parameter's value is the entity's id (YAML and `perform` write the id), which the host looks up
/// with the type's `defaultQuery` before the intent runs; the query's suggestions are the
/// parameter's choices.
///
/// ```swift
/// struct CategoryEntity: AppEntity {
///     static let typeDisplayRepresentation: TypeDisplayRepresentation = "Category"
///     static let defaultQuery = CategoryQuery()
///     let id: String
///     var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id)") }
/// }
/// ```
public protocol AppEntity: Identifiable, ParameterValue where ID: ParameterValue {
    /// The query that finds entities of this type.
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self
    /// The type's name as a person sees it.
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    /// The query the host looks ids up with.
    static var defaultQuery: DefaultQuery { get }
    /// How this entity is shown to a person.
    var displayRepresentation: DisplayRepresentation { get }
}

extension AppEntity {
    /// The type of the id.
    public static var parameterType: ParameterType { ID.parameterType }

    /// The id as JSON.
    public var json: JSONValue { id.json }

    /// Never: an entity is made by its query, from an id (see ``resolve(json:title:)``).
    public init?(json: JSONValue) {
        return nil
    }

    /// Stops the program: an entity parameter holds a value only once the host has looked its id
    /// up, which it does before every `perform()` and provider call; reading one before (an
    /// intent made with `init()` outside the host) is a programming error, as in AppIntents.
    public static var unsetValue: Self {
        preconditionFailure("\(Self.self) has no value until the host looks its id up with defaultQuery")
    }

    /// The entity whose id `json` holds, found with ``defaultQuery``.
    /// - Returns: `nil` when `json` is not an id of the right type.
    /// - Throws: ``IntentParameterError`` when no entity has that id (naming some that do);
    ///   whatever the query throws.
    public static func resolve(json: JSONValue, title: String) async throws -> Self? {
        guard let id = ID(json: json) else { return nil }
        if let entity = try await defaultQuery.entities(for: [id]).first(where: { $0.id == id }) {
            return entity
        }
        let suggested = try await defaultQuery.suggestedEntities().resultElements.map {
            $0.id.json.description
        }
        throw IntentParameterError(
            title: title,
            message: "no \(typeDisplayRepresentation.name) has the id \(json) for '\(title)'"
                + (suggested.isEmpty ? "" : "; expected one of " + suggested.joined(separator: ", ")))
    }

    /// The query suggests entities.
    public static var suggestsValues: Bool { true }

    /// The ids of the query's suggested entities.
    public static func suggestedValues() async throws -> [JSONValue]? {
        try await defaultQuery.suggestedEntities().resultElements.map(\.id.json)
    }
}

/// Finds entities of one type, as AppIntents' `EntityQuery`. Runs inside an ``IntentEnvironment``.
public protocol EntityQuery: Sendable {
    /// The entities it finds.
    associatedtype Entity: AppEntity
    /// What its suggestions and searches return: a list of entities, or an
    /// ``IntentItemCollection`` of them in sections.
    associatedtype Result: ResultsCollection = [Entity] where Result.Element == Entity
    /// The entities with these ids (those that exist, in any order).
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    /// The entities a person would choose from.
    func suggestedEntities() async throws -> Result
}

extension EntityQuery where Result == [Entity] {
    /// None suggested.
    public func suggestedEntities() async throws -> [Entity] { [] }
}

/// A query that also finds entities by a person's search text, as AppIntents' `EntityStringQuery`
/// (the host looks ids up and lists suggestions; it does not search).
public protocol EntityStringQuery: EntityQuery {
    /// The entities matching `string`.
    func entities(matching string: String) async throws -> Result
}
