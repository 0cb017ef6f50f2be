public import Foundation

/// One task in the shared store: the seed's `Task`, with the `category` and `dueDate` the other
/// seeds add.
public struct StoredTask: Sendable, Hashable, Codable, Identifiable {
    /// The task's identifier: a UUID's text, uppercase as `UUID.uuidString` writes it.
    public var id: String
    /// What to do; never empty.
    public var title: String

    /// The most bytes of UTF-8 a title may hold (4 KiB): `store import` refuses a longer one at its
    /// line, and `AddTaskIntent` a longer name, so one task cannot make every widget showing it,
    /// and a batch run drawing thousands, grow without bound.
    public static let maxTitleSize = 4096

    /// The most bytes of UTF-8 a category may hold (4 KiB), for the title's reason: `store import`
    /// refuses a longer one at its line, `AddTaskIntent` a longer `category`, and the store any task
    /// with one; every widget of a batch run reads the categories of the tasks it shows.
    public static let maxCategorySize = 4096
    /// How urgent it is.
    public var priority: TaskPriority
    /// A free-form group (`work`, `personal`, ...), or `nil` for none.
    public var category: String?
    /// Whether it is done.
    public var isCompleted: Bool
    /// When it is due, if ever.
    public var dueDate: Date?

    /// Creates a task.
    ///
    /// - Parameters:
    ///   - id: The identifier; a new UUID's text when left out.
    ///   - title: What to do.
    ///   - priority: How urgent it is.
    ///   - category: Its group, if any.
    ///   - isCompleted: Whether it is done.
    ///   - dueDate: When it is due, if ever.
    public init(
        id: String = UUID().uuidString,
        title: String,
        priority: TaskPriority = .medium,
        category: String? = nil,
        isCompleted: Bool = false,
        dueDate: Date? = nil
    ) {
        self.id = id
        self.title = title
        self.priority = priority
        self.category = category
        self.isCompleted = isCompleted
        self.dueDate = dueDate
    }
}
