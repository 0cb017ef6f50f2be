import CYAML
import Diagnostics

/// Composes libyaml's events into ``Node`` trees: one per document.
///
/// Composition is iterative (an explicit stack of open collections), so the depth of the input
/// never becomes the depth of the Swift stack; the depth limit is checked on every collection start,
/// before libyaml scans any deeper. Aliases are resolved as they are met, with every node reached
/// through them counted against the expansion budget.
struct Composer {
    private let source: SourceText
    private let limits: YAMLLimits

    /// A collection being composed.
    private struct Frame {
        var isMapping: Bool
        var start: Mark
        var tag: Tag
        var anchor: String?
        var style: Node.Style
        var children: [Node] = []
        /// Nodes in the expanded subtree so far, for the alias budget.
        var size = 1
    }

    private var frames: [Frame] = []
    private var anchors: [String: (node: Node, size: Int)] = [:]
    private var aliasExpansion = 0
    private var documents: [Node] = []
    private var root: Node?

    init(source: SourceText, limits: YAMLLimits) {
        self.source = source
        self.limits = limits
    }

    /// Parses and composes every document of the source.
    /// - Complexity: O(n) in the size of the input plus the nodes reached through aliases.
    mutating func compose() throws(Diagnostic) -> [Node] {
        guard source.bytes.count <= limits.maxInputSize else {
            throw source.diagnostic(
                at: nil,
                code: "yaml.input-too-large",
                message: "input is \(source.bytes.count) bytes, over the limit of \(limits.maxInputSize) bytes"
            )
        }
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else {
            throw source.diagnostic(at: nil, code: "yaml.memory", message: "libyaml could not allocate a parser")
        }
        defer { yaml_parser_delete(&parser) }
        let result: Result<[Node], Diagnostic> = source.bytes.withUnsafeBufferPointer { buffer in
            // libyaml asserts on a null input pointer, which an empty array may give.
            var empty: UInt8 = 0
            return withUnsafePointer(to: &empty) { emptyPointer in
                yaml_parser_set_input_string(&parser, buffer.baseAddress ?? emptyPointer, buffer.count)
                do throws(Diagnostic) {
                    return .success(try run(&parser))
                } catch {
                    return .failure(error)
                }
            }
        }
        return try result.get()
    }

    private mutating func run(_ parser: inout yaml_parser_t) throws(Diagnostic) -> [Node] {
        var event = yaml_event_t()
        while true {
            guard yaml_parser_parse(&parser, &event) == 1 else {
                throw parserError(parser)
            }
            defer { yaml_event_delete(&event) }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return documents
            case YAML_DOCUMENT_START_EVENT:
                anchors.removeAll(keepingCapacity: true)
                aliasExpansion = 0
                root = nil
            case YAML_DOCUMENT_END_EVENT:
                if let root { documents.append(root) }
            case YAML_SCALAR_EVENT:
                try scalar(event)
            case YAML_ALIAS_EVENT:
                try alias(event)
            case YAML_SEQUENCE_START_EVENT:
                let data = event.data.sequence_start
                try open(
                    isMapping: false,
                    event: event,
                    anchor: data.anchor,
                    tag: data.tag,
                    style: data.style == YAML_FLOW_SEQUENCE_STYLE ? .flow : .block
                )
            case YAML_MAPPING_START_EVENT:
                let data = event.data.mapping_start
                try open(
                    isMapping: true,
                    event: event,
                    anchor: data.anchor,
                    tag: data.tag,
                    style: data.style == YAML_FLOW_MAPPING_STYLE ? .flow : .block
                )
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                try close(end: mark(event.end_mark))
            default:
                break
            }
        }
    }

    // MARK: - Events

    private mutating func scalar(_ event: yaml_event_t) throws(Diagnostic) {
        let data = event.data.scalar
        let text = string(data.value, length: data.length)
        let start = mark(event.start_mark)
        let style: Node.Style
        switch data.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: style = .literal
        case YAML_FOLDED_SCALAR_STYLE: style = .folded
        default: style = .plain
        }
        let tag: Tag
        if let explicit = data.tag {
            let name = string(explicit)
            if name == "!" {
                tag = .str
            } else {
                tag = Tag(rawValue: name)
                if ScalarValue.parse(text, tag: tag) == nil {
                    throw source.diagnostic(
                        at: start.location,
                        code: "yaml.invalid-tagged-value",
                        message: "'\(text)' is not a valid \(tag) value"
                    )
                }
            }
        } else if style == .plain {
            tag = text == "<<" ? .merge : CoreSchema.resolve(plain: text)
        } else {
            tag = .str
        }
        let anchor = data.anchor.map { string($0) }
        let node = Node(
            content: .scalar(text),
            tag: tag,
            style: style,
            anchor: anchor,
            start: start,
            end: mark(event.end_mark)
        )
        if let anchor { anchors[anchor] = (node, 1) }
        try add(node, size: 1)
    }

    private mutating func alias(_ event: yaml_event_t) throws(Diagnostic) {
        let name = string(event.data.alias.anchor)
        let start = mark(event.start_mark)
        guard let (anchored, size) = anchors[name] else {
            throw source.diagnostic(
                at: start.location,
                code: "yaml.undefined-alias",
                message: "alias '*\(name)' refers to no anchor defined before it"
            )
        }
        aliasExpansion += size
        guard aliasExpansion <= limits.maxAliasExpansion else {
            throw source.diagnostic(
                at: start.location,
                code: "yaml.alias-budget",
                message: "aliases expand to more than \(limits.maxAliasExpansion) nodes "
                    + "(the alias expansion limit); is this a \"billion laughs\" document?"
            )
        }
        var node = anchored
        node.start = start
        node.end = mark(event.end_mark)
        try add(node, size: size)
    }

    private mutating func open(
        isMapping: Bool,
        event: yaml_event_t,
        anchor: UnsafeMutablePointer<yaml_char_t>?,
        tag: UnsafeMutablePointer<yaml_char_t>?,
        style: Node.Style
    ) throws(Diagnostic) {
        let start = mark(event.start_mark)
        guard frames.count < limits.maxDepth else {
            throw source.diagnostic(
                at: start.location,
                code: "yaml.depth-limit",
                message: "nesting is deeper than the limit of \(limits.maxDepth) levels"
            )
        }
        var resolved: Tag = isMapping ? .map : .seq
        if let tag {
            let name = string(tag)
            if name != "!" { resolved = Tag(rawValue: name) }
        }
        frames.append(
            Frame(
                isMapping: isMapping,
                start: start,
                tag: resolved,
                anchor: anchor.map { string($0) },
                style: style
            )
        )
    }

    private mutating func close(end: Mark) throws(Diagnostic) {
        guard var frame = frames.popLast() else { return }
        let content: Node.Content
        if frame.isMapping {
            content = .mapping(try MappingBuilder.build(frame.children, source: source))
        } else {
            content = .sequence(frame.children)
        }
        frame.children = []
        let node = Node(
            content: content,
            tag: frame.tag,
            style: frame.style,
            anchor: frame.anchor,
            start: frame.start,
            end: end
        )
        if let anchor = frame.anchor { anchors[anchor] = (node, frame.size) }
        try add(node, size: frame.size)
    }

    private mutating func add(_ node: Node, size: Int) throws(Diagnostic) {
        if frames.isEmpty {
            root = node
        } else {
            frames[frames.count - 1].children.append(node)
            frames[frames.count - 1].size += size
        }
    }

    // MARK: - Conversions

    private func mark(_ mark: yaml_mark_t) -> Mark {
        Mark(line: Int(mark.line) + 1, column: Int(mark.column) + 1, index: Int(mark.index))
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>, length: Int) -> String {
        String(decoding: UnsafeBufferPointer(start: pointer, count: length), as: UTF8.self)
    }

    private func string(_ pointer: UnsafeMutablePointer<yaml_char_t>) -> String {
        String(cString: pointer)
    }

    private func parserError(_ parser: yaml_parser_t) -> Diagnostic {
        let problem = parser.problem.map { String(cString: $0) } ?? "unknown error"
        switch parser.error {
        case YAML_READER_ERROR:
            let location = source.location(ofByte: Int(parser.problem_offset))
            var message = problem
            if problem.contains("UTF-8") || problem.contains("UTF-16") {
                message = "invalid \(problem.contains("UTF-16") ? "UTF-16" : "UTF-8"): \(problem)"
            }
            if parser.problem_value >= 0 && parser.problem_value <= 0xFF {
                let hex = String(parser.problem_value, radix: 16, uppercase: true)
                message += " (byte 0x\(hex.count < 2 ? "0" + hex : hex) at offset \(parser.problem_offset))"
            } else if parser.problem_value >= 0 {
                message += " (U+\(String(parser.problem_value, radix: 16, uppercase: true)))"
            }
            return source.diagnostic(at: location, code: "yaml.encoding", message: message)
        case YAML_MEMORY_ERROR:
            return source.diagnostic(at: nil, code: "yaml.memory", message: "libyaml ran out of memory")
        default:
            var notes: [Diagnostic.Note] = []
            if let context = parser.context {
                let contextMark = mark(parser.context_mark)
                notes.append(Diagnostic.Note(String(cString: context), at: contextMark.location))
            }
            return source.diagnostic(
                at: mark(parser.problem_mark).location,
                code: "yaml.syntax",
                message: problem,
                notes: notes
            )
        }
    }
}
