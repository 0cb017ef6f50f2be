public import Diagnostics
public import Foundation
import JSON
import YAML

/// The requests file of `simulate --requests`: a YAML (or JSON) list of reload requests.
///
/// ```yaml
/// - {at: 2026-12-05T09:30:00Z, kinds: [TaskWidget]}   # kinds left out: every kind
/// - at: 2026-12-05T18:00:00+01:00
///   foreground: true                                  # the app is open: not counted
/// ```
///
/// Every problem of the file is reported at its line and column; a file with any error yields no
/// requests. A request outside the span, or for a kind no simulated widget has, is a warning.
public enum ReloadRequestFile {
    /// The keys of one request.
    public static let keys = ["at", "kinds", "foreground"]

    /// What a file held: its requests (in file order, within the span) and its warnings.
    public struct Contents: Sendable {
        /// The requests.
        public var requests: [ReloadRequest]
        /// The warnings.
        public var warnings: [Diagnostic]
    }

    /// Reads and checks the file at `path`.
    ///
    /// - Parameters:
    ///   - path: The file.
    ///   - span: The simulated span (`from` up to, not including, `to`): requests outside it are
    ///     left out with a warning.
    ///   - kinds: The kinds simulated: a request naming another is a warning.
    /// - Throws: Every error of the file (an unreadable file, YAML or JSON syntax, a request that
    ///   is not one), in file order.
    public static func load(path: String, span: Range<Date>, kinds: Set<String>)
        throws(ReloadRequestFileError)
        -> Contents
    {
        let source: SourceText
        do throws(Diagnostic) {
            source = try SourceText.read(path: path, limit: YAMLLimits().maxInputSize)
        } catch {
            throw ReloadRequestFileError(diagnostics: [error])
        }
        return try parse(source, span: span, kinds: kinds)
    }

    /// Checks the text of a requests file, as ``load(path:span:kinds:)``.
    public static func parse(_ source: SourceText, span: Range<Date>, kinds: Set<String>)
        throws(ReloadRequestFileError)
        -> Contents
    {
        let documents: [Node]
        do throws(Diagnostic) {
            documents = try YAMLLoader().load(source)
        } catch {
            throw ReloadRequestFileError(diagnostics: [error])
        }
        guard let root = documents.first, !root.isNull else {
            throw ReloadRequestFileError(diagnostics: [
                source.diagnostic(
                    at: nil, code: .simulateInvalidRequest,
                    message: "holds no requests; write a list such as "
                        + "'- {at: 2026-12-05T09:30:00Z, kinds: [TaskWidget]}', or '[]' for none")
            ])
        }
        var reader = NodeReader(source: source)
        if documents.count > 1 {
            reader.report(
                documents[1], code: .simulateInvalidRequest,
                message: "a requests file holds one list; this is document 2 of \(documents.count)")
        }
        var requests: [ReloadRequest] = []
        for item in reader.list(root, named: "requests") ?? [] {
            guard let request = request(item, reader: &reader, kinds: kinds) else { continue }
            if span.contains(request.date) {
                requests.append(request)
            } else {
                reader.report(
                    item, severity: .warning, code: .simulateRequestOutsideSpan,
                    message: "the request at \(ISO8601.string(from: request.date)) is outside --from "
                        + "\(ISO8601.string(from: span.lowerBound)) --to \(ISO8601.string(from: span.upperBound)); "
                        + "it is left out")
            }
        }
        let sorted = reader.diagnostics.enumerated().sorted { first, second in
            let a = first.element.location ?? SourceLocation(line: 0, column: 0)
            let b = second.element.location ?? SourceLocation(line: 0, column: 0)
            return a == b ? first.offset < second.offset : a < b
        }.map(\.element)
        guard !reader.hasErrors else { throw ReloadRequestFileError(diagnostics: sorted) }
        return Contents(requests: requests, warnings: sorted)
    }

    /// One request, or `nil` after reporting what is wrong with it.
    private static func request(_ node: Node, reader: inout NodeReader, kinds known: Set<String>)
        -> ReloadRequest?
    {
        guard let entries = reader.mapping(node, named: "request", knownKeys: keys) else { return nil }
        var valid = true
        var date: Date?
        if let atNode = reader.required("at", in: entries, of: node, named: "request"),
            let at = reader.date(
                atNode, named: "at", code: .simulateInvalidRequest, offset: "+01:00",
                form: "a date-time such as 2026-12-05T09:30:00Z")
        {
            date = at
        } else {
            valid = false
        }
        var kinds: [String]?
        if let kindsNode = entries.first(where: { $0.key == "kinds" })?.value {
            if let items = reader.list(kindsNode, named: "kinds") {
                var names: [String] = []
                for item in items {
                    guard let name = reader.string(item, named: "kinds") else {
                        valid = false
                        continue
                    }
                    if !known.contains(name) {
                        var message = "no simulated widget has the kind '\(name)'"
                        if let nearest = EditDistance.suggestion(for: name, among: known.sorted()) {
                            message += "; did you mean '\(nearest)'?"
                        }
                        reader.report(item, severity: .warning, code: .simulateUnknownKind, message: message)
                    }
                    names.append(name)
                }
                if items.isEmpty {
                    reader.report(
                        kindsNode, code: .simulateInvalidRequest,
                        message: "'kinds' lists no kind; leave it out to reload every kind")
                    valid = false
                }
                kinds = names
            } else {
                valid = false
            }
        }
        var foreground = false
        if let foregroundNode = entries.first(where: { $0.key == "foreground" })?.value {
            if let value = reader.bool(foregroundNode, named: "foreground") {
                foreground = value
            } else {
                valid = false
            }
        }
        guard valid, let date else { return nil }
        return ReloadRequest(date: date, kinds: kinds, foreground: foreground, line: node.start.line)
    }
}

/// Why a requests file was refused: every problem found, in file order.
public struct ReloadRequestFileError: Error, Sendable {
    /// The diagnostics (its warnings among them).
    public var diagnostics: [Diagnostic]
}
