/// A section of a man page beyond what the command specs give (exit status, environment, files).
public struct ManPageSection: Sendable, Equatable {
    /// One tagged paragraph: a term and what it means.
    public struct Item: Sendable, Equatable {
        /// The term, set in bold.
        public var term: String
        /// What it means.
        public var text: String

        /// Creates an item.
        public init(term: String, text: String) {
            self.term = term
            self.text = text
        }
    }

    /// The heading, upper case by convention (`EXIT STATUS`).
    public var title: String
    /// Paragraphs before the items.
    public var paragraphs: [String]
    /// Tagged paragraphs.
    public var items: [Item]

    /// Creates a section.
    public init(title: String, paragraphs: [String] = [], items: [Item] = []) {
        self.title = title
        self.paragraphs = paragraphs
        self.items = items
    }
}
