import Foundation

/// What both generators write Swift with: string literals, names Swift can declare, and the file
/// written only when its text changes.
enum SwiftSource {
    /// `text` as a Swift string literal.
    static func literal(_ text: String) -> String {
        var escaped = "\""
        for scalar in text.unicodeScalars {
            if let escape = escapes[scalar] {
                escaped += escape
            } else if scalar.value < 0x20 || scalar.value == 0x7F {
                escaped += "\\u{\(String(scalar.value, radix: 16))}"
            } else {
                escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped + "\""
    }

    private static let escapes: [Unicode.Scalar: String] = [
        "\\": "\\\\", "\"": "\\\"", "\n": "\\n", "\t": "\\t", "\r": "\\r",
    ]

    /// `name`, in backticks where it is a Swift keyword.
    static func name(_ name: String) -> String {
        keywords.contains(name) ? "`\(name)`" : name
    }

    private static let keywords: Set<String> = [
        "associatedtype", "as", "break", "case", "catch", "class", "continue", "default", "defer", "deinit",
        "do",
        "else", "enum", "extension", "fallthrough", "false", "fileprivate", "for", "func", "guard", "if",
        "import", "in", "init", "inout", "internal", "is", "let", "nil", "open", "operator", "private",
        "protocol", "public", "repeat", "rethrows", "return", "self", "Self", "static", "struct", "subscript",
        "super", "switch", "throw", "throws", "true", "try", "typealias", "var", "where", "while", "Type",
    ]
}

/// A generated Swift file, as a build plugin's tool writes it.
public enum GeneratedFile {
    /// Writes `text` to `path` unless the file already holds it (so the build does not compile it
    /// again for nothing).
    /// - Throws: what writing throws.
    public static func write(_ text: String, to path: String) throws {
        let data = Data(text.utf8)
        guard FileManager.default.contents(atPath: path) != data else { return }
        try data.write(to: URL(fileURLWithPath: path), options: .atomic)
    }
}
