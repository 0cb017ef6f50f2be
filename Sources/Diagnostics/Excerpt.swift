/// A value as a message quotes it: whole when short, else its first 37 characters and `...`, as a
/// value (a scalar, a variable's name, a plugin's kind) can be megabytes long and a message must
/// stay a line a person reads.
public enum Excerpt {
    /// The longest text quoted whole.
    public static let limit = 40

    /// `text`, cut to ``limit`` characters.
    public static func of(_ text: String) -> String {
        text.count > limit ? String(text.prefix(limit - 3)) + "..." : text
    }
}
