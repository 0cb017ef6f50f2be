import Foundation

/// The fenced code blocks of a Markdown page, for the tests that hold a page's examples to the
/// files the suite builds.
public enum MarkdownBlocks {
    /// The text of each fenced block (each line ending in a newline) of the section of `page` that
    /// starts at the line `heading` and ends at the next `## ` heading, in order; `nil` when the page
    /// has no such line.
    public static func blocks(under heading: String, in page: String) -> [String]? {
        guard let start = page.range(of: "\n\(heading)\n") else { return nil }
        let section = page[start.upperBound...]
        let end = section.range(of: "\n## ")?.lowerBound ?? section.endIndex
        var blocks: [String] = []
        var current: [Substring]?
        for line in section[..<end].split(separator: "\n", omittingEmptySubsequences: false) {
            if line.hasPrefix("```") {
                if let lines = current {
                    blocks.append(lines.joined(separator: "\n") + "\n")
                    current = nil
                } else {
                    current = []
                }
            } else {
                current?.append(line)
            }
        }
        return blocks
    }
}
