public import Diagnostics

/// The failure codes of AppGroup: every one a script can meet in JSON output, declared once.
extension FailureCode {
    /// `store.busy`.
    public static let storeBusy = FailureCode("store.busy", .runtime)
    /// `store.corrupt`.
    public static let storeCorrupt = FailureCode("store.corrupt", .runtime)
    /// `store.failed`.
    public static let storeFailed = FailureCode("store.failed", .runtime)
    /// `store.full`.
    public static let storeFull = FailureCode("store.full", .runtime)
    /// `store.insecure`: the store's folder, or a file in it, is one another user could change
    /// (writable by its group or others, owned by another user than root) or a symbolic link;
    /// refused before anything is read or changed.
    public static let storeInsecure = FailureCode("store.insecure", .runtime)
    /// `store.invalid-app-group`.
    public static let storeInvalidAppGroup = FailureCode("store.invalid-app-group", .invalidInput)
    /// `store.invalid-task`.
    public static let storeInvalidTask = FailureCode("store.invalid-task", .invalidInput)
    /// `store.io-error`.
    public static let storeIoError = FailureCode("store.io-error", .runtime)
    /// `store.missing`: a command that uses the store found none where it looked; nothing ran.
    public static let storeMissing = FailureCode("store.missing", .invalidInput)
    /// `store.newer-version`.
    public static let storeNewerVersion = FailureCode("store.newer-version", .runtime)
    /// `store.no-location`.
    public static let storeNoLocation = FailureCode("store.no-location", .runtime)
    /// `store.no-app-group-store`: `validate` found no store yet for an `appGroup` (a warning).
    public static let storeNoAppGroupStore = FailureCode("store.no-app-group-store", .invalidInput)
    /// `store.not-found`.
    public static let storeNotFound = FailureCode("store.not-found", .runtime)
    /// `store.unwritable`.
    public static let storeUnwritable = FailureCode("store.unwritable", .runtime)
}
