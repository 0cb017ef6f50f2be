public import Diagnostics

/// Reads typed values out of YAML nodes for a loader, collecting a diagnostic for every problem
/// instead of stopping at the first.
///
/// Each read returns `nil` when the node is not what was expected, after recording a diagnostic
/// at the node's location that says what was expected and what was found:
///
/// ```swift
/// var reader = NodeReader(source: source)
/// let maxTasks = reader.int(node, named: "maxTasks", in: 1...20)
/// // config/widgets.yaml:9:17: error: 'maxTasks' must be an integer from 1 to 20, not 0
/// ```
public struct NodeReader: Sendable {
    /// The file the nodes come from, for locations and quoted lines.
    public let source: SourceText
    /// Every problem found so far, in the order found.
    public private(set) var diagnostics: [Diagnostic] = []
    /// What is being read, for the notes of a problem met through an alias in several places: what
    /// it is called (`widget`) and its node, named by its `id` when it has one (`widget
    /// 'work-tasks'`), else by its line. Set by the loader as it goes; costs nothing until a problem
    /// is met through an alias.
    public var context: (name: String, node: Node)?
    /// For each of ``diagnostics`` reported at a node: the node's own place, the alias it was
    /// reached through (if any) and who was reading it (``context``); `nil` for the others.
    private var origins: [Origin?] = []

    /// How the note at the anchored value begins.
    private static let throughAliasNote = "the value is here, used through the alias"

    /// Where a problem really is, and who met it.
    private struct Origin {
        var location: SourceLocation
        var alias: (name: String, location: SourceLocation)?
        var user: String?
    }

    /// Creates a reader for nodes of `source`.
    public init(source: SourceText) {
        self.source = source
    }

    /// Whether any error was recorded.
    public var hasErrors: Bool { diagnostics.contains { $0.severity == .error } }

    /// The variables substituted in the nodes read (see ``VariableSubstitution``): a problem with
    /// a substituted value is reported at its variable, with a note giving the value.
    public var substitutions = Substitutions()

    /// Records a diagnostic at `node`: at its variable when its value was substituted, not at all
    /// when its substitution failed (that is reported already).
    ///
    /// A node reached through an alias is the anchored node itself: the problem is shown where the
    /// alias used it, with a note at the anchored value (see ``combineRepeatsThroughAliases()``).
    public mutating func report(
        _ node: Node,
        severity: Diagnostic.Severity = .error,
        code: FailureCode,
        message: String,
        notes: [Diagnostic.Note] = []
    ) {
        if substitutions.failed(node) { return }
        var location = node.start.location
        let alias = node.alias
        var notes = notes
        if let substitution = substitutions.substitution(of: node) {
            location = substitution.location
            notes.append(substitution.note)
        }
        if let alias {
            notes.append(Diagnostic.Note("\(Self.throughAliasNote) '*\(alias.name)'", at: location))
        }
        diagnostics.append(
            source.diagnostic(
                at: alias?.location ?? location, severity: severity, code: code, message: message,
                notes: notes)
        )
        let user = context.map { name, node in
            node["id"]?.scalar.map { "\(name) '\($0)'" }
                ?? "the \(name) at line \((node.alias?.location ?? node.start.location).line)"
        }
        origins.append(Origin(location: location, alias: alias, user: user))
    }

    /// Makes one diagnostic of each problem met through aliases in several places (a value merged
    /// by `<<` into several widgets): it stands at the value itself, with a note naming each user,
    /// at the alias it used. Problems met once, or never through an alias, are left as they are.
    /// - Complexity: O(n) in the number of diagnostics.
    public mutating func combineRepeatsThroughAliases() {
        struct Problem: Hashable {
            var location: SourceLocation
            var code: String
            var message: String
            var severity: Diagnostic.Severity
        }
        guard origins.contains(where: { $0?.alias != nil }) else { return }
        var groups: [Problem: [Int]] = [:]
        for (index, origin) in origins.enumerated() {
            guard let origin else { continue }
            let diagnostic = diagnostics[index]
            let problem = Problem(
                location: origin.location, code: diagnostic.code.rawValue, message: diagnostic.message,
                severity: diagnostic.severity)
            groups[problem, default: []].append(index)
        }
        var dropped = Set<Int>()
        for (problem, members) in groups where members.count > 1 {
            guard let first = members.first, members.contains(where: { origins[$0]?.alias != nil }) else {
                continue
            }
            var notes = diagnostics[first].notes.filter { !$0.message.hasPrefix(Self.throughAliasNote) }
            for member in members {
                guard let origin = origins[member] else { continue }
                let user = origin.user.map { "used by \($0)" } ?? "used"
                if let alias = origin.alias {
                    notes.append(
                        Diagnostic.Note("\(user) through the alias '*\(alias.name)'", at: alias.location))
                } else if origin.user != nil {
                    notes.append(Diagnostic.Note("\(user) directly"))
                }
            }
            diagnostics[first] = source.diagnostic(
                at: problem.location, severity: problem.severity, code: diagnostics[first].code,
                message: diagnostics[first].message, notes: notes)
            origins[first] = nil
            dropped.formUnion(members.dropFirst())
        }
        guard !dropped.isEmpty else { return }
        diagnostics = diagnostics.indices.filter { !dropped.contains($0) }.map { diagnostics[$0] }
        origins = origins.indices.filter { !dropped.contains($0) }.map { origins[$0] }
    }

    /// Adds `note` to the diagnostic at `index` of ``diagnostics``: what a loader learns about a
    /// problem only later (a widget's kind, read after its unknown key) still goes with it.
    public mutating func addNote(_ note: Diagnostic.Note, toDiagnosticAt index: Int) {
        guard diagnostics.indices.contains(index) else { return }
        diagnostics[index].notes.append(note)
    }

    // MARK: - Scalars

    /// A string: a string scalar, or the text of a number (`category: 2024`). Booleans, null and
    /// collections are refused, since `name: yes` or `name:` is more often a slip than meant.
    public mutating func string(_ node: Node, named name: String) -> String? {
        if let text = node.stringText { return text }
        guard let text = node.scalar else {
            mismatch(node, named: name, expected: "a string")
            return nil
        }
        if node.tag == .bool || node.tag == .null {
            let hint = node.tag == .null ? "" : " (write '\"\(text)\"' for the text)"
            mismatch(node, named: name, expected: "a string", hint: hint)
            return nil
        }
        return text
    }

    /// A boolean: `true` or `false` (any case form the core schema allows).
    public mutating func bool(_ node: Node, named name: String) -> Bool? {
        if let value = node.boolValue { return value }
        let hint: String
        switch node.scalar?.lowercased() {
        case "yes"?, "on"?, "y"?: hint = " ('\(node.scalar ?? "")' is a string in YAML 1.2; write true)"
        case "no"?, "off"?, "n"?: hint = " ('\(node.scalar ?? "")' is a string in YAML 1.2; write false)"
        default: hint = ""
        }
        mismatch(node, named: name, expected: "true or false", hint: hint)
        return nil
    }

    /// An integer, optionally within `range`.
    public mutating func int(_ node: Node, named name: String, in range: ClosedRange<Int>? = nil) -> Int? {
        // Plain decimal within range is the common case: read it from the bytes.
        if let value = node.decimalIntValue, range?.contains(value) ?? true { return value }
        // A float with no fraction is that integer, as JSON Schema's "integer" takes `1e3` or `3.0`.
        if node.tag == .float, case .float(let float)? = node.scalarValue, float.isFinite,
            float.rounded() == float
        {
            let fits = float >= -9.223372036854775808e18 && float < 9.223372036854775808e18
            guard fits, range?.contains(Int(float)) ?? true else {
                report(
                    node,
                    code: .configOutOfRange,
                    message: "'\(name)' must be \(Self.describe(range)), not \(node.scalar ?? "")"
                        + (fits ? "" : Self.beyondInt(negative: float < 0, range: range))
                )
                return nil
            }
            return Int(float)
        }
        guard node.tag == .int, case .int(let value)? = node.scalarValue else {
            if node.tag == .int {
                // An integer's text that does not fit 64 bits.
                let text = node.scalar ?? ""
                report(
                    node,
                    code: .configOutOfRange,
                    message: "'\(name)' must be \(Self.describe(range)), not \(text)"
                        + Self.beyondInt(negative: text.hasPrefix("-"), range: range)
                )
            } else {
                mismatch(node, named: name, expected: "an integer")
            }
            return nil
        }
        if let range, !range.contains(value) {
            report(
                node,
                code: .configOutOfRange,
                message: "'\(name)' must be \(Self.describe(range)), not \(value)"
            )
            return nil
        }
        return value
    }

    /// One of `cases`, as written; an unknown value names the allowed ones and the nearest.
    ///
    /// - Parameters:
    ///   - what: what the cases are, for the message (`a priority filter`).
    public mutating func choice(
        _ node: Node,
        named name: String,
        cases: [String],
        what: @autoclosure () -> String
    ) -> String? {
        guard let text = node.scalar, node.tag != .null else {
            mismatch(node, named: name, expected: "one of " + cases.joined(separator: ", "))
            return nil
        }
        guard cases.contains(text) else {
            var message =
                "'\(MappingKeys.excerpt(text))' is not \(what()); expected one of \(cases.joined(separator: ", "))"
            if let nearest = EditDistance.suggestion(for: text, among: cases) {
                message += "; did you mean '\(nearest)'?"
            }
            report(node, code: .configUnknownCase, message: message)
            return nil
        }
        return text
    }

    /// A case of a string-backed enumeration; see ``choice(_:named:cases:what:)``.
    public mutating func enumCase<Case: CaseIterable & RawRepresentable>(
        _ node: Node,
        named name: String,
        as type: Case.Type,
        what: @autoclosure () -> String
    ) -> Case? where Case.RawValue == String {
        let cases = Case.allCases.map(\.rawValue)
        return choice(node, named: name, cases: cases, what: what()).flatMap(Case.init(rawValue:))
    }

    // MARK: - Collections

    /// The items of a list.
    public mutating func list(_ node: Node, named name: String) -> [Node]? {
        guard isList(node, named: name) else { return nil }
        return node.sequence
    }

    /// Whether `node` is a list (a sequence); when not, records what it is instead. Lets a loader
    /// walk `node.item(_:)` itself without building an array.
    public mutating func isList(_ node: Node, named name: String) -> Bool {
        guard node.isSequence else {
            mismatch(node, named: name, expected: "a list")
            return false
        }
        return true
    }

    /// One entry of a mapping read with ``mapping(_:named:knownKeys:)``.
    public struct Entry: Sendable {
        /// The key's text.
        public var key: String
        /// The key node, for locations.
        public var keyNode: Node
        /// The value node.
        public var value: Node
    }

    /// The entries of a mapping with string keys.
    ///
    /// With `knownKeys`, every other key is reported (with the nearest known key) and left out.
    /// Keys that are not strings are reported and left out.
    public mutating func mapping(_ node: Node, named name: String, knownKeys: [String]? = nil) -> [Entry]? {
        guard let knownKeys else { return mapping(node, named: name, isKnown: { _ in true }, knownKeys: []) }
        return mapping(node, named: name, isKnown: knownKeys.contains, knownKeys: knownKeys)
    }

    /// ``mapping(_:named:knownKeys:)`` with the check as a predicate, so a hot loader need not
    /// build the list of known keys unless a key is unknown.
    public mutating func mapping(
        _ node: Node,
        named name: String,
        isKnown: (String) -> Bool,
        knownKeys: @autoclosure () -> [String]
    ) -> [Entry]? {
        guard isMapping(node, named: name) else { return nil }
        var entries: [Entry] = []
        entries.reserveCapacity(node.count)
        for position in 0..<node.count {
            if let entry = entry(node.pair(position), in: name, isKnown: isKnown, knownKeys: knownKeys()) {
                entries.append(entry)
            }
        }
        return entries
    }

    /// Whether `node` is a mapping; when not, records what it is instead.
    public mutating func isMapping(_ node: Node, named name: String) -> Bool {
        guard node.isMapping else {
            mismatch(node, named: name, expected: "a mapping")
            return false
        }
        return true
    }

    /// One pair of a mapping as an entry: `nil` (after recording why) when its key is not a string
    /// or not known. Lets a loader walk `node.pair(_:)` itself without building an array.
    public mutating func entry(
        _ pair: Node.Pair,
        in name: String,
        isKnown: (String) -> Bool,
        knownKeys: @autoclosure () -> [String]
    ) -> Entry? {
        guard let key = pair.key.scalar, pair.key.tag == .str else {
            report(
                pair.key,
                code: .configTypeMismatch,
                message: "keys of '\(name)' must be strings, not \(pair.key.kindDescription)"
            )
            return nil
        }
        guard isKnown(key) else {
            let known = knownKeys()
            var message = "unknown key '\(MappingKeys.excerpt(key))' in '\(name)'"
            if let nearest = EditDistance.suggestion(for: key, among: known) {
                message += "; did you mean '\(nearest)'?"
            } else {
                message += "; expected one of " + known.joined(separator: ", ")
            }
            report(pair.key, code: .configUnknownKey, message: message)
            return nil
        }
        return Entry(key: key, keyNode: pair.key, value: pair.value)
    }

    /// The position among `keys` of a pair's key: ``entry(_:in:isKnown:knownKeys:)`` with the known
    /// keys prepared, so a key found byte for byte costs no `String`; any other key is judged and
    /// reported by `entry` as usual.
    public mutating func keyIndex(_ pair: Node.Pair, in name: String, among keys: ScalarVocabulary) -> Int? {
        if let index = keys.index(ofKey: pair.key) { return index }
        guard let entry = entry(pair, in: name, isKnown: keys.words.contains, knownKeys: keys.words) else {
            return nil
        }
        return keys.words.firstIndex(of: entry.key)
    }

    /// The value of `key` in `entries`, or a `config.missing-key` diagnostic at `mapping`.
    public mutating func required(_ key: String, in entries: [Entry], of mapping: Node, named name: String)
        -> Node?
    {
        if let entry = entries.first(where: { $0.key == key }) { return entry.value }
        report(mapping, code: .configMissingKey, message: "'\(name)' is missing the required key '\(key)'")
        return nil
    }

    // MARK: - Messages

    private mutating func mismatch(_ node: Node, named name: String, expected: String, hint: String = "") {
        report(
            node,
            code: .configTypeMismatch,
            message: "'\(name)' must be \(expected), not \(Self.found(node))\(hint)"
        )
    }

    /// What a node is, for "not ..." in messages: a scalar is quoted with its kind.
    static func found(_ node: Node) -> String {
        guard let text = node.scalar else { return node.kindDescription }
        if node.tag == .null { return text.isEmpty ? "empty" : "null" }
        let shown = Excerpt.of(text)
        return "\(node.kindDescription) '\(shown)'"
    }

    /// Why a whole number outside the 64-bit integers is refused, where `range` is open on that
    /// side (a bounded range says enough).
    static func beyondInt(negative: Bool, range: ClosedRange<Int>?) -> String {
        if negative {
            return range.map { $0.lowerBound == Int.min } ?? true
                ? ", which is below the smallest integer, \(Int.min)" : ""
        }
        return range.map { $0.upperBound == Int.max } ?? true
            ? ", which is over the largest integer, \(Int.max)" : ""
    }

    static func describe(_ range: ClosedRange<Int>?) -> String {
        guard let range else { return "an integer" }
        if range.upperBound == Int.max { return "an integer of at least \(range.lowerBound)" }
        if range.lowerBound == Int.min { return "an integer of at most \(range.upperBound)" }
        return "an integer from \(range.lowerBound) to \(range.upperBound)"
    }
}
