import ArgumentParsing
import Diagnostics
import YAML

extension WidgetHostCommand {
    /// `widgethost yaml [<file>]`: prints each YAML document as one line of JSON, so a person can see
    /// what their YAML means once anchors, merge keys and tags are applied.
    enum YAMLCommand: Subcommand {
        /// The command's declaration.
        static let spec = CommandSpec(
            name: "yaml",
            abstract: "Prints each YAML document as one line of JSON, after anchors, merge keys and tags.",
            discussion: """
                Use it to see what your YAML means: aliases are expanded, merge keys (<<) applied and \
                scalars resolved to strings, numbers, booleans and nulls. Mapping keys that are not \
                strings become their text, so '1: a' prints as {"1":"a"}. With '-' or no file, \
                standard input is read.
                """,
            // The generated synopsis lists all five arguments on one 130-column line.
            usage: "widgethost yaml [<options>] [<file>]",
            arguments: [
                .positional(
                    "file",
                    help: "The YAML file to read; '-' or none for standard input.",
                    isOptional: true,
                    completion: .file(extensions: ["yaml", "yml"])
                ),
                .option(
                    "max-depth",
                    valueName: "levels",
                    help: "The deepest nesting of sequences and mappings accepted; at most "
                        + "\(YAMLLimits.largestDepth), as libyaml's time grows with the square of the "
                        + "depth of [ and { nesting (\(YAMLLimits.largestDepth) levels take about a second).",
                    defaultValue: String(YAMLLimits().maxDepth)
                ),
                .option(
                    "max-alias-nodes",
                    valueName: "count",
                    help: "The most nodes aliases may expand to in one document.",
                    defaultValue: String(YAMLLimits().maxAliasExpansion)
                ),
                .option(
                    "max-input-size",
                    valueName: "bytes",
                    help: "The largest input accepted.",
                    defaultValue: String(YAMLLimits().maxInputSize)
                ),
                .option(
                    "diagnostics",
                    valueName: "format",
                    help: "How errors are written to standard error.",
                    allowedValues: DiagnosticFormat.allCases.map(\.rawValue),
                    defaultValue: DiagnosticFormat.text.rawValue
                ),
            ]
        )

        /// How diagnostics are written to standard error.
        enum DiagnosticFormat: String, CaseIterable, Sendable {
            /// Compiler-style `file:line:column: error: message`, with the source line and a caret.
            case text
            /// One JSON object, `{"diagnostics":[...]}`, on one line.
            case json
        }

        /// The largest value accepted for each limit, one bound for all three so their errors read
        /// alike: the loader refuses inputs over 1 GiB whatever the limit says, nesting cannot be deeper
        /// than the input is long, and 2³⁰ nodes reached through aliases are already minutes of output.
        static let largestLimit = 1 << 30

        /// Loads the file and prints its documents, or the first error.
        ///
        /// - Parameter values: The parsed command line.
        /// - Returns: 0 when every document printed, 65 when the input is unreadable or invalid.
        /// - Throws: ``ParseError`` when a limit is not a positive integer.
        static func run(_ values: ParsedValues) throws(ParseError) -> Int32 {
            let accepted = 1...largestLimit
            let limits = YAMLLimits(
                maxDepth: try values.int("max-depth", in: 1...YAMLLimits.largestDepth)
                    ?? YAMLLimits().maxDepth,
                maxAliasExpansion: try values.int("max-alias-nodes", in: accepted)
                    ?? YAMLLimits().maxAliasExpansion,
                maxInputSize: try values.int("max-input-size", in: accepted) ?? YAMLLimits().maxInputSize
            )
            let format = DiagnosticFormat(rawValue: try values.requiredString("diagnostics")) ?? .text
            let path = try values.string("file") ?? "-"
            if path == "-" && StandardStream.inputWasClosed {
                throw values.validationError(
                    "Standard input is closed, so there is nothing to read: give a file, or pipe YAML in.")
            }
            do throws(Diagnostic) {
                StandardStream.output.writeData(try json(ofFileAt: path, limits: limits))
                return ExitStatus.success
            } catch {
                switch format {
                case .text: StandardStream.error.write(DiagnosticRenderer.forStandardError().render(error))
                case .json: StandardStream.error.writeData(DiagnosticRenderer.json([error]) + "\n")
                }
                return ExitStatus.dataError
            }
        }

        /// Every document of the file at `path` as one line of compact JSON.
        ///
        /// An empty stream (no document, only comments, only `...`) is valid YAML and gives no line,
        /// as the YAML test suite expects (8G76, 98YD, AVM7).
        ///
        /// - Parameters:
        ///   - path: The file, or `-` for standard input.
        ///   - limits: The limits the loader enforces.
        /// - Returns: The lines, each ending with a newline; empty for an empty stream.
        /// - Throws: The loader's ``Diagnostic``, or `yaml.json-key-clash` when a mapping has two keys
        ///   JSON would write the same (`1` and `"1"`).
        /// - Complexity: O(n) in the size of the input plus the nodes reached through aliases.
        static func json(ofFileAt path: String, limits: YAMLLimits) throws(Diagnostic) -> String {
            let (source, documents) = try YAMLLoader(limits: limits).load(path: path)
            var output = ""
            output.reserveCapacity(source.bytes.count + documents.count)
            for document in documents {
                if let clash = JSONWriter.keyClash(in: document, source: source) { throw clash }
                JSONWriter.write(document, to: &output)
                output += "\n"
            }
            return output
        }
    }
}
