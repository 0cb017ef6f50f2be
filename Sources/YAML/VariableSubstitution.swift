public import Diagnostics

#if canImport(Glibc)
    import Glibc
#endif

/// Environment variables in scalar values: `${NAME}`, `${NAME:-default}` (the default when NAME is
/// unset or empty), `${NAME:?message}` (an error saying `message` when NAME is unset or empty), and
/// `$$` for a literal `$`. Keys are never substituted.
///
/// A plain scalar is typed again after substitution (`maxTasks: ${N}` with N=5 is the integer 5);
/// a quoted one stays a string. The nodes keep their marks; ``Substitutions`` says which were
/// substituted, from which variables, and where the first variable stands, so a problem with the
/// value is reported at the variable with a note giving its value. Variables are substituted as
/// the nodes are composed (``YAMLLoader/load(_:environment:)``), a streamed item's with it.
public enum VariableSubstitution {
    /// One variable reference in a scalar.
    public struct Variable: Sendable, Hashable {
        /// The variable's name.
        public var name: String
        /// What it stood for: the environment's value, or the reference's default.
        public var value: String
        /// Whether the value is the reference's default (the variable being unset or empty).
        public var isDefault: Bool
    }

    /// A substituted scalar: the variables it used and where the first one is written.
    public struct Substitution: Sendable {
        /// Where the first variable reference starts.
        public var location: SourceLocation
        /// The variables, in order.
        public var variables: [Variable]
        /// The text after substitution.
        public var value: String

        /// A note for a diagnostic about the substituted value: what it was and where it came from.
        public var note: Diagnostic.Note {
            let names = variables.map { variable in
                variable.isDefault ? "the default of ${\(variable.name)}" : "${\(variable.name)}"
            }
            return Diagnostic.Note("the value '\(value)' comes from " + names.joined(separator: " and "))
        }
    }

    /// Substitutes the variables of the scalar values among `records[first...]` in place: the
    /// records composed since the last call, as a streamed list's items are.
    ///
    /// A scalar composed as a mapping's key is never substituted. A substituted scalar's new text
    /// goes at the end of `text`; its record is pointed there.
    /// - Complexity: O(n) in the number of records from `first`, plus the length of the scalars
    ///   holding a `$`.
    static func substitute(
        records: inout [NodeRecord], text: inout [UInt8], from first: Int, lines: LineStarts,
        source: SourceText, environment: [String: String], into substitutions: inout Substitutions,
        diagnostics: inout [Diagnostic]
    ) {
        for index in first..<records.count where records[index].kind == .scalar && !records[index].isKey {
            let record = records[index]
            let bytes = text[Int(record.first)..<Int(record.first + record.count)]
            guard bytes.contains(UInt8(ascii: "$")) else { continue }
            let start = lines.mark(at: record.startIndex, atLineStart: record.startsAtLineStart)
            let end = lines.mark(at: record.endIndex, atLineStart: record.endsAtLineStart)
            switch substitute(String(decoding: bytes, as: UTF8.self), environment: environment) {
            case .unchanged:
                continue
            case .failure(let reference, let message):
                diagnostics.append(
                    source.diagnostic(
                        at: location(ofReference: reference, from: start, to: end, source: source),
                        code: .yamlInvalidVariable, message: message))
                substitutions.failed.insert(Int32(index))
            case .success(let value, let variables):
                var updated = record
                updated.first = Int32(text.count)
                updated.count = Int32(value.utf8.count)
                text += value.utf8
                if record.style == .plain && record.tag == CoreTag.str.rawValue {
                    updated.tag =
                        Array(value.utf8).withUnsafeBufferPointer { CoreSchema.resolve(plain: $0) }
                        .rawValue
                    if updated.tag == CoreTag.merge.rawValue { updated.tag = CoreTag.str.rawValue }
                }
                records[index] = updated
                if !variables.isEmpty {
                    substitutions.byNode[Int32(index)] = Substitution(
                        location: location(ofReference: 0, from: start, to: end, source: source),
                        variables: variables, value: value)
                }
            }
        }
    }

    enum Outcome {
        case unchanged
        case success(String, [Variable])
        /// The `reference`th `${` could not be substituted.
        case failure(reference: Int, message: String)
    }

    /// `text` with its references replaced.
    /// Whether this process's variable `name` is set to bytes that are not UTF-8.
    static func isNotUTF8(processVariable name: String) -> Bool {
        guard let raw = getenv(name) else { return false }
        let bytes = UnsafeBufferPointer(
            start: UnsafeRawPointer(raw).assumingMemoryBound(to: UInt8.self), count: strlen(raw))
        return String(validating: bytes, as: UTF8.self) == nil
    }

    static func substitute(_ text: String, environment: [String: String]) -> Outcome {
        let characters = Array(text.unicodeScalars)
        var result = String.UnicodeScalarView()
        var variables: [Variable] = []
        var changed = false
        var reference = 0
        var position = 0
        while position < characters.count {
            let character = characters[position]
            guard character == "$", position + 1 < characters.count else {
                result.append(character)
                position += 1
                continue
            }
            let next = characters[position + 1]
            if next == "$" {
                result.append("$")
                position += 2
                changed = true
                continue
            }
            guard next == "{" else {
                result.append(character)
                position += 1
                continue
            }
            guard let close = characters[(position + 2)...].firstIndex(of: "}") else {
                return .failure(
                    reference: reference,
                    message: "'${' starts a variable that has no closing '}'; write '$$' for a literal '$'")
            }
            let body = String(String.UnicodeScalarView(characters[(position + 2)..<close]))
            var name = body
            var fallback: (isError: Bool, text: String)?
            if let colon = body.firstIndex(of: ":") {
                name = String(body[..<colon])
                let rest = body[body.index(after: colon)...]
                if rest.hasPrefix("-") {
                    fallback = (false, String(rest.dropFirst()))
                } else if rest.hasPrefix("?") {
                    fallback = (true, String(rest.dropFirst()))
                } else {
                    return .failure(
                        reference: reference,
                        message:
                            "'${\(Excerpt.of(String(body)))}' is not a variable reference; write ${NAME}, ${NAME:-default} "
                            + "or ${NAME:?message}")
                }
            }
            guard isName(name) else {
                return .failure(
                    reference: reference,
                    message:
                        "'\(Excerpt.of(name))' is not a variable name (letters, digits and '_', not starting with a digit)"
                )
            }
            if let value = environment[name], value.unicodeScalars.contains("\u{FFFD}"),
                Self.isNotUTF8(processVariable: name)
            {
                // Foundation read the bytes with U+FFFD in place of what is not UTF-8: using that
                // would change the value in silence.
                return .failure(
                    reference: reference,
                    message:
                        "the variable '\(Excerpt.of(name))' is not UTF-8 text (its value holds bytes that are "
                        + "not UTF-8); set it to UTF-8 text")
            }
            if let value = environment[name], !(fallback != nil && value.isEmpty) {
                result.append(contentsOf: value.unicodeScalars)
                variables.append(Variable(name: name, value: value, isDefault: false))
            } else if let fallback, !fallback.isError {
                result.append(contentsOf: fallback.text.unicodeScalars)
                variables.append(Variable(name: name, value: fallback.text, isDefault: true))
            } else if let fallback {
                let reason = fallback.text.isEmpty ? "it is unset or empty" : fallback.text
                return .failure(
                    reference: reference, message: "the variable '\(Excerpt.of(name))' is required: \(reason)"
                )
            } else {
                return .failure(
                    reference: reference,
                    message:
                        "the variable '\(Excerpt.of(name))' is not set; set it, or give a default: "
                        + "${\(Excerpt.of(name)):-default}")
            }
            changed = true
            reference += 1
            position = close + 1
        }
        return changed ? .success(String(result), variables) : .unchanged
    }

    static func isName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first,
            first == "_" || (first.isASCII && first.properties.isAlphabetic)
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0 == "_" || ($0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0)))
        }
    }

    /// Where the `reference`th `${` of the text of a node from `start` to `end` is written (a `$${`
    /// is no reference); the node's start when it cannot be found (a scalar written with escapes).
    static func location(
        ofReference reference: Int, from start: Mark, to end: Mark, source: SourceText
    ) -> SourceLocation {
        var seen = 0
        for line in start.line...max(start.line, end.line) {
            guard let text = source.line(line) else { break }
            let characters = Array(text.unicodeScalars)
            var column = line == start.line ? start.column - 1 : 0
            let last = line == end.line ? min(characters.count, end.column - 1) : characters.count
            while column + 1 < last {
                if characters[column] == "$" && characters[column + 1] == "$" {
                    column += 2
                    continue
                }
                if characters[column] == "$" && characters[column + 1] == "{" {
                    if seen == reference { return SourceLocation(line: line, column: column + 1) }
                    seen += 1
                }
                column += 1
            }
        }
        return start.location
    }
}

/// What ``VariableSubstitution`` substituted as a document was composed, by node.
public struct Substitutions: Sendable {
    var byNode: [Int32: VariableSubstitution.Substitution] = [:]
    /// Nodes whose substitution failed (already reported): no second diagnostic is made of them.
    var failed: Set<Int32> = []

    /// None.
    public init() {}

    /// The substitution made in `node`, if any.
    public func substitution(of node: Node) -> VariableSubstitution.Substitution? {
        byNode.isEmpty ? nil : byNode[node.index]
    }

    /// Whether `node`'s substitution failed.
    public func failed(_ node: Node) -> Bool {
        !failed.isEmpty && failed.contains(node.index)
    }

    /// How many nodes were substituted or failed.
    var count: Int { byNode.count + failed.count }

    /// Forgets the nodes from record `first` on: a streamed item's, once its records are let go.
    mutating func forget(from first: Int32) {
        if !byNode.isEmpty { byNode = byNode.filter { $0.key < first } }
        if !failed.isEmpty { failed = failed.filter { $0 < first } }
    }
}
