public import Diagnostics

/// The failure codes of `store import` files: every one a script can meet in JSON output, declared
/// once.
extension FailureCode {
    /// `store.category-too-long`: a category over ``StoredTask/maxCategorySize`` bytes.
    public static let storeCategoryTooLong = FailureCode("store.category-too-long", .invalidInput)
    /// `store.duplicate-id`.
    public static let storeDuplicateId = FailureCode("store.duplicate-id", .invalidInput)
    /// `store.empty-file`.
    public static let storeEmptyFile = FailureCode("store.empty-file", .invalidInput)
    /// `store.empty-title`.
    public static let storeEmptyTitle = FailureCode("store.empty-title", .invalidInput)
    /// `store.invalid-date`.
    public static let storeInvalidDate = FailureCode("store.invalid-date", .invalidInput)
    /// `store.invalid-id`.
    public static let storeInvalidId = FailureCode("store.invalid-id", .invalidInput)
    /// `store.invalid-default`: `store defaults set` of a key that cannot name a default (empty,
    /// or holding `=` or a control character) or of a value the key's type does not take.
    public static let storeInvalidDefault = FailureCode("store.invalid-default", .invalidInput)
    /// `store.invalid-position`: `store move` to a position outside the list.
    public static let storeInvalidPosition = FailureCode("store.invalid-position", .invalidInput)
    /// `store.task-not-found`: `store delete` or `store move` of an id that is not stored.
    public static let storeTaskNotFound = FailureCode("store.task-not-found", .invalidInput)
    /// `store.title-too-long`: a title over ``StoredTask/maxTitleSize`` bytes.
    public static let storeTitleTooLong = FailureCode("store.title-too-long", .invalidInput)
    /// `store.several-documents`.
    public static let storeSeveralDocuments = FailureCode("store.several-documents", .invalidInput)
}
