public import Foundation
import JSON
public import TaskStore
public import WidgetHostKit

/// One task as a TaskWidget entry carries it (the seed's `Task`); its JSON fields are `id`, `title`,
/// `isCompleted`, `priority`, `category` (null for none) and `dueDate` (ISO 8601, or null).
public struct TaskItem: Sendable, Hashable, Encodable {
    /// The task's identifier (a UUID's text), which the row's `ToggleTaskIntent` carries.
    public var id: String
    /// What to do.
    public var title: String
    /// Whether it is done.
    public var isCompleted: Bool = false
    /// How urgent it is.
    public var priority: TaskPriority = .medium
    /// Its group, or `nil` for none.
    public var category: String?
    /// When it is due, if ever.
    public var dueDate: Date?

    private enum CodingKeys: String, CodingKey {
        case id
        case title
        case isCompleted
        case priority
        case category
        case dueDate
    }

    /// Encodes every field, `null` for a missing category or due date: entries keep one shape
    /// for scripts. (Synthesized `Encodable` would leave a `nil` `String?` out.)
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(title, forKey: .title)
        try container.encode(isCompleted, forKey: .isCompleted)
        try container.encode(priority, forKey: .priority)
        try container.encode(category, forKey: .category)
        try container.encode(dueDate, forKey: .dueDate)
    }
}

extension TaskItem {
    /// The task as the shared store holds it.
    init(_ stored: StoredTask) {
        self.init(
            id: stored.id,
            title: stored.title,
            isCompleted: stored.isCompleted,
            priority: stored.priority,
            category: stored.category,
            dueDate: stored.dueDate
        )
    }
}

extension TaskItem: JSONRepresentable {
    /// The same fields as `encode(to:)`, built directly.
    public var json: JSONValue {
        .object([
            .init("id", .string(id)),
            .init("title", .string(title)),
            .init("isCompleted", .bool(isCompleted)),
            .init("priority", .string(priority.rawValue)),
            .init("category", category.map(JSONValue.string) ?? .null),
            .init("dueDate", dueDate.map { .string(ISO8601.string(from: $0)) } ?? .null),
        ])
    }
}
