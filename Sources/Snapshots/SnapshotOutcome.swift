public import WidgetHostKit

/// What became of one snapshot (a widget in one family and colour scheme): recorded, unchanged,
/// passed, or why it failed.
public struct SnapshotOutcome: Sendable, Equatable {
    /// What happened.
    public enum Status: String, Sendable, Equatable {
        /// `--record`: written, new or different from what the folder held.
        case recorded
        /// `--record`: the folder already held exactly this.
        case unchanged
        /// Verified: the same as the recorded one (within the tolerance).
        case passed
        /// Verified: different from the recorded one.
        case failed
        /// Verified: the folder holds no recorded snapshot for it.
        case missing
        /// The widget failed, or the snapshot could not be drawn or written.
        case error

        /// Whether the outcome fails the run.
        public var isFailure: Bool { self == .failed || self == .missing || self == .error }
    }

    /// The snapshot's name: its files' name without extension (`ID.FAMILY`, `ID.FAMILY.dark`).
    public var name: String
    /// The widget's id.
    public var id: String
    /// The widget's kind.
    public var kind: String
    /// The family drawn.
    public var family: WidgetFamily
    /// The colour scheme drawn.
    public var colorScheme: ColorScheme
    /// What happened.
    public var status: Status
    /// One line a thing found: each changed layout node, the changed pixels, the error.
    public var details: [String]
    /// The files written for a failure (the current layout and picture, the diff picture, the
    /// layout's changes), or by `--record`.
    public var files: [String]
    /// Seconds spent on it (drawing, reading, comparing).
    public var seconds: Double

    /// Creates an outcome.
    public init(
        name: String, id: String, kind: String, family: WidgetFamily, colorScheme: ColorScheme,
        status: Status, details: [String] = [], files: [String] = [], seconds: Double = 0
    ) {
        self.name = name
        self.id = id
        self.kind = kind
        self.family = family
        self.colorScheme = colorScheme
        self.status = status
        self.details = details
        self.files = files
        self.seconds = seconds
    }

    /// The outcome in a sentence: `ID.FAMILY: 2 layout changes and 412 pixels changed`.
    public var summary: String {
        switch status {
        case .recorded: "\(name): recorded"
        case .unchanged: "\(name): unchanged"
        case .passed: "\(name): matches"
        case .missing: "\(name): no recorded snapshot (record it with --record)"
        case .failed, .error: "\(name): " + (details.first ?? status.rawValue)
        }
    }
}
