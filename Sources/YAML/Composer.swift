import CYAML
import Diagnostics

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Composes libyaml's events into ``Node`` trees: one per document, all in one ``NodeStorage``.
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
        /// Its record, reserved when it opened and filled when it closes.
        var record: Int32
        var isMapping: Bool
        /// Where its children start in `pending`.
        var firstChild: Int
        /// Nodes in the expanded subtree so far, for the alias budget.
        var size = 1
        /// Whether a child was reached through an alias: only then are its children's aliases noted.
        var hasAliasedChild = false
        /// Its anchor's name, if it has one.
        var anchor: String?
    }

    private var records: [NodeRecord] = []
    private var children: [Int32] = []
    private var text: [UInt8] = []
    private var strings: [String] = []
    /// The anchor (an index of `strings`) of each record that carries one.
    private var recordAnchors: [Int32: Int32] = [:]
    private var lines = LineStarts()
    private var stringIndex: [String: Int32] = [:]
    /// Children of the open collections, innermost last.
    private var pending: [Int32] = []
    /// For each of `pending`, the alias it was reached through (an index of `aliasUses`), or -1.
    private var pendingAliases: [Int32] = []
    /// Every alias met, in order.
    private var aliasUses: [AliasUse] = []
    /// The slots of `children` that hold a node reached through an alias, and that alias.
    private var childAliases: [Int32: Int32] = [:]
    /// The slots of `childAliases` noted for the streamed item being composed, forgotten with it.
    private var itemAliasSlots: [Int32] = []
    /// The slots of `childAliases` noted since `aliasOfChild` was last brought up to date.
    private var unsyncedAliasSlots: [Int32] = []
    /// The alias of each of `children` (or -1), as ``NodeStorage`` takes them: kept up to date
    /// when a storage is made.
    private var aliasOfChild: [Int32] = []
    private var frames: [Frame] = []
    private var anchors: [String: (record: Int32, size: Int)] = [:]
    private var aliasExpansion = 0
    private var roots: [Int32] = []
    private var root: Int32?

    /// The key whose sequence is streamed, as bytes; `nil` when nothing is.
    private var streamKey: [UInt8]?
    /// Where `${NAME}` is looked up; `nil` when nothing is substituted (or the source has no `$`).
    private var environment: [String: String]?
    private var substitutions = Substitutions()
    private var substitutionProblems: [Diagnostic] = []
    /// The records before this one have had their variables substituted.
    private var substitutedUpTo = 0
    /// Whether a scalar composed since the last substitution holds a `$`: only then is there
    /// anything to substitute.
    private var dollarSinceSubstitution = false
    /// The streamed sequence while it is open.
    private var stream: Stream?
    /// Whether a sequence was streamed.
    private var didStream = false

    /// The streamed sequence: its frame, and where the item being composed starts.
    private struct Stream {
        /// Its index in `frames`.
        var frame: Int
        /// What the composer held before the current item: what its end truncates to.
        var start: Sizes
        /// Whether the current item defines an anchor: then it is kept, for later aliases.
        var definesAnchor = false
        /// Whether the receiver still has to be told the sequence opened.
        var opening = true
        /// The item just composed (its node, and the alias it was reached through), to hand over.
        var item: (index: Int32, alias: Int32)?
    }

    /// How much the composer holds: records, children, scalar bytes, alias uses, lines, and
    /// substitutions and failures noted (only an item that adds some has any to forget).
    private typealias Sizes = (
        records: Int, children: Int, text: Int, aliases: Int, lines: Int, substitutions: Int
    )

    private var sizes: Sizes {
        (records.count, children.count, text.count, aliasUses.count, lines.count, substitutions.count)
    }

    /// The receiver when nothing is streamed.
    private struct NoStreaming: StreamedItems {
        var key: String { "" }
        func willTakeItems(after pairs: [Node.Pair], substitutions: Substitutions) {}
        func take(_ item: Node, substitutions: Substitutions) {}
    }

    init(source: SourceText, limits: YAMLLimits) {
        self.source = source
        self.limits = limits
    }

    /// Parses and composes every document of the source.
    /// - Complexity: O(n) in the size of the input; aliases cost O(1) each.
    mutating func compose() throws(Diagnostic) -> [Node] {
        try compose(environment: nil).documents
    }

    /// Parses and composes every document of the source, substituting variables from
    /// `environment`, if given, as the nodes are composed.
    mutating func compose(environment: [String: String]?) throws(Diagnostic) -> StreamedDocument {
        var none = NoStreaming()
        return try compose(streaming: &none, streams: false, environment: environment)
    }

    /// Parses and composes every document of the source, handing the items of the sequence under
    /// `receiver.key` to `receiver` one at a time (see ``StreamedItems``), and substituting
    /// variables from `environment`, if given, as the nodes are composed.
    /// - Complexity: O(n) in the size of the input; memory O(1) in the number of streamed items
    ///   (beyond the input and its line starts) when they define no anchors.
    mutating func compose(
        streaming receiver: inout some StreamedItems, environment: [String: String]?
    ) throws(Diagnostic) -> StreamedDocument {
        try compose(streaming: &receiver, streams: true, environment: environment)
    }

    private mutating func compose(
        streaming receiver: inout some StreamedItems, streams: Bool, environment: [String: String]?
    ) throws(Diagnostic) -> StreamedDocument {
        // Offsets are stored as Int32: 1 GiB is the hard ceiling whatever the configured limit.
        let limit = min(limits.maxInputSize, 1 << 30)
        let size = source.byteCount
        guard size <= limit else {
            throw source.diagnostic(
                at: nil,
                code: .yamlInputTooLarge,
                message: "input is \(size) bytes, over the limit of \(limit) bytes"
            )
        }
        if streams { streamKey = Array(receiver.key.utf8) }
        // A text left in its file is not scanned ahead for `$`: its scalars are, as they come.
        let file = source.file.flatMap { $0.isRead ? nil : $0 }
        if let environment, file != nil || source.bytes.contains(UInt8(ascii: "$")) {
            self.environment = environment
        }
        // About one node per 9 bytes in configuration files, and scalars are most of their bytes;
        // growing past that would cost a copy, and both arrays at once for a while. Capacity never
        // written to costs no memory, so the reserve is generous.
        records.reserveCapacity(size / 5)
        children.reserveCapacity(size / 5)
        text.reserveCapacity(size)
        // On the heap: a parser thread may use it (``ParsedAhead``).
        let parser = UnsafeMutablePointer<yaml_parser_t>.allocate(capacity: 1)
        parser.initialize(to: yaml_parser_t())
        defer { parser.deallocate() }
        guard yaml_parser_initialize(parser) == 1 else {
            throw source.diagnostic(
                at: nil, code: .yamlMemory, message: "libyaml could not allocate a parser")
        }
        defer { yaml_parser_delete(parser) }
        let result: Result<Void, Diagnostic>
        if let file {
            guard let descriptor = file.reopen() else {
                throw source.diagnostic(
                    at: nil, code: .fileUnreadable, message: "changed or went away while being read")
            }
            defer { Glibc.close(descriptor) }
            var input = FileInput(descriptor: descriptor, remaining: file.size)
            result = withUnsafeMutablePointer(to: &input) { input in
                yaml_parser_set_input(
                    parser, { FileInput.read($0, into: $1, size: $2, sizeRead: $3) }, input)
                return run(parser, receiver: &receiver)
            }
        } else {
            result = source.bytes.withUnsafeBufferPointer { buffer in
                // libyaml asserts on a null input pointer, which an empty array may give.
                var empty: UInt8 = 0
                return withUnsafePointer(to: &empty) { emptyPointer in
                    yaml_parser_set_input_string(parser, buffer.baseAddress ?? emptyPointer, buffer.count)
                    return run(parser, receiver: &receiver)
                }
            }
        }
        if case .failure(let error) = result {
            // libyaml 0.2.5 refuses a stream of nothing but document end markers (`...`), which YAML
            // allows (test suite HWV9, QT73): such a stream is empty, as one of only comments is.
            guard error.code == .yamlSyntax, Self.isOnlyEndMarkers(source.bytes) else { throw error }
            return StreamedDocument(
                documents: [], streamed: false, substitutions: Substitutions(), diagnostics: [])
        }
        substituteNewRecords()
        let storage = storage()
        return StreamedDocument(
            documents: roots.map { Node(storage: storage, index: $0) }, streamed: didStream,
            substitutions: substitutions, diagnostics: substitutionProblems)
    }

    /// The nodes composed so far, as storage nodes can be views of; sharing the arrays, so that
    /// the composer's next change to one copies it unless the storage is gone by then.
    private mutating func storage() -> NodeStorage {
        guard !childAliases.isEmpty else {
            return NodeStorage(
                records: records, children: children, text: text, strings: strings, anchors: recordAnchors,
                lines: lines, aliases: aliasUses)
        }
        // Brought up to date with the children appended since the last storage (a child's alias
        // never changes once it is appended): so each item costs its own children only, and
        // the aliases noted since, not a lookup per child.
        if aliasOfChild.count < children.count {
            aliasOfChild.append(contentsOf: repeatElement(-1, count: children.count - aliasOfChild.count))
        }
        for slot in unsyncedAliasSlots where Int(slot) < children.count {
            aliasOfChild[Int(slot)] = childAliases[slot] ?? -1
        }
        unsyncedAliasSlots.removeAll(keepingCapacity: true)
        return NodeStorage(
            records: records, children: children, text: text, strings: strings, anchors: recordAnchors,
            lines: lines, aliases: aliasUses, childAliases: aliasOfChild)
    }

    /// Substitutes the variables of the records composed since the last call, when there is an
    /// environment to substitute from.
    private mutating func substituteNewRecords() {
        defer {
            substitutedUpTo = records.count
            dollarSinceSubstitution = false
        }
        guard let environment, dollarSinceSubstitution, substitutedUpTo < records.count else { return }
        VariableSubstitution.substitute(
            records: &records, text: &text, from: substitutedUpTo, lines: lines, source: source,
            environment: environment, into: &substitutions, diagnostics: &substitutionProblems)
    }

    /// Whether every line of `bytes` is blank, a comment, or a document end marker (`...`, then
    /// nothing but white space or a comment).
    /// - Complexity: O(n) in the size of the input; only a refused input is looked at.
    static func isOnlyEndMarkers(_ bytes: [UInt8]) -> Bool {
        var sawMarker = false
        for line in bytes.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: true) {
            var rest = line.drop {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
            }
            if rest.starts(with: Array("...".utf8)), line.first == UInt8(ascii: ".") {
                sawMarker = true
                rest = rest.dropFirst(3)
                guard
                    rest.isEmpty || rest.first == UInt8(ascii: " ") || rest.first == UInt8(ascii: "\t")
                        || rest.first == UInt8(ascii: "\r")
                else { return false }
                rest = rest.drop {
                    $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
                }
            }
            guard rest.isEmpty || rest.first == UInt8(ascii: "#") else { return false }
        }
        return sawMarker
    }

    /// Composes the events of `parser`'s input, the first error as the result: the closures that
    /// lend libyaml its input cannot throw a typed error. An input of ``YAMLLimits/parseAheadSize``
    /// bytes or more is parsed on a thread of its own, ahead of composing (``ParsedAhead``).
    private mutating func run(
        _ parser: UnsafeMutablePointer<yaml_parser_t>, receiver: inout some StreamedItems
    ) -> Result<Void, Diagnostic> {
        if source.byteCount >= limits.parseAheadSize {
            return ParsedAhead.with(parser) { events in run(&events, receiver: &receiver) }
        }
        var events = ParsedInPlace(parser: parser)
        return run(&events, receiver: &receiver)
    }

    private mutating func run(
        _ events: inout some EventSource, receiver: inout some StreamedItems
    ) -> Result<Void, Diagnostic> {
        do throws(Diagnostic) {
            try composeEvents(&events, receiver: &receiver)
            return .success(())
        } catch {
            return .failure(error)
        }
    }

    private mutating func composeEvents(
        _ events: inout some EventSource, receiver: inout some StreamedItems
    ) throws(Diagnostic) {
        var event = yaml_event_t()
        while true {
            if let failure = events.next(&event) {
                throw parserError(failure)
            }
            defer { events.release(&event) }
            switch event.type {
            case YAML_STREAM_END_EVENT:
                return
            case YAML_DOCUMENT_START_EVENT:
                anchors.removeAll(keepingCapacity: true)
                aliasExpansion = 0
                root = nil
            case YAML_DOCUMENT_END_EVENT:
                if let root { roots.append(root) }
            case YAML_SCALAR_EVENT:
                try scalar(event)
            case YAML_ALIAS_EVENT:
                try alias(event)
            case YAML_SEQUENCE_START_EVENT, YAML_MAPPING_START_EVENT:
                try open(event)
            case YAML_SEQUENCE_END_EVENT, YAML_MAPPING_END_EVENT:
                try close(end: event.end_mark)
            default:
                break
            }
            if stream != nil { handOver(to: &receiver) }
        }
    }

    // MARK: - Streaming

    /// Tells `receiver` the streamed sequence opened, or hands it the item just composed and lets
    /// the item's nodes go.
    private mutating func handOver(to receiver: inout some StreamedItems) {
        guard var stream else { return }
        if stream.opening {
            stream.opening = false
            self.stream = stream
            substituteNewRecords()
            let storage = storage()
            let root = frames[0]
            // The pairs before the streamed key, which is the last of the pending nodes.
            var pairs: [Node.Pair] = []
            var position = root.firstChild
            while position + 1 < pending.count - 1 {
                pairs.append(
                    Node.Pair(
                        key: Node(storage: storage, index: pending[position], via: pendingAliases[position]),
                        value: Node(
                            storage: storage, index: pending[position + 1], via: pendingAliases[position + 1])
                    ))
                position += 2
            }
            receiver.willTakeItems(after: pairs, substitutions: substitutions)
            return
        }
        guard let item = stream.item else { return }
        stream.item = nil
        substituteNewRecords()
        receiver.take(
            Node(storage: storage(), index: item.index, via: item.alias), substitutions: substitutions)
        if stream.definesAnchor {
            stream.definesAnchor = false
        } else {
            let start = stream.start
            records.removeSubrange(start.records...)
            children.removeSubrange(start.children...)
            text.removeSubrange(start.text...)
            aliasUses.removeSubrange(start.aliases...)
            lines.removeLines(from: start.lines)
            for slot in itemAliasSlots { childAliases[slot] = nil }
            if aliasOfChild.count > start.children { aliasOfChild.removeSubrange(start.children...) }
            if substitutions.count > start.substitutions {
                substitutions.forget(from: Int32(start.records))
            }
            substitutedUpTo = records.count
        }
        stream.start = sizes
        itemAliasSlots.removeAll(keepingCapacity: true)
        self.stream = stream
    }

    /// Whether a sequence opening now, with `anchor` and `tag`, is the streamed one: the value of
    /// the first document's top-level key `streamKey`, unanchored, in a mapping with no `<<` before.
    private func opensStream(anchor: UnsafeMutablePointer<yaml_char_t>?, tag: Int32) -> Bool {
        guard let streamKey, !didStream, roots.isEmpty, root == nil, frames.count == 1,
            frames[0].isMapping, anchor == nil, tag == CoreTag.seq.rawValue
        else { return false }
        let first = frames[0].firstChild
        guard (pending.count - first) % 2 == 1, let key = pending.last, pendingAliases.last == -1 else {
            return false
        }
        let record = records[Int(key)]
        guard record.kind == .scalar, record.tag == CoreTag.str.rawValue,
            Int(record.count) == streamKey.count,
            text[Int(record.first)..<Int(record.first + record.count)].elementsEqual(streamKey)
        else { return false }
        // A `<<` before the key could merge keys the receiver should see with the pairs.
        return !stride(from: first, to: pending.count - 1, by: 2).contains {
            records[Int(pending[$0])].tag == CoreTag.merge.rawValue
        }
    }

    // MARK: - Events

    private mutating func scalar(_ event: yaml_event_t) throws(Diagnostic) {
        let data = event.data.scalar
        let bytes = UnsafeBufferPointer(start: data.value, count: data.length)
        let style: Node.Style
        switch data.style {
        case YAML_SINGLE_QUOTED_SCALAR_STYLE: style = .singleQuoted
        case YAML_DOUBLE_QUOTED_SCALAR_STYLE: style = .doubleQuoted
        case YAML_LITERAL_SCALAR_STYLE: style = .literal
        case YAML_FOLDED_SCALAR_STYLE: style = .folded
        default: style = .plain
        }
        let tag: Int32
        if let explicit = data.tag {
            tag = try explicitScalarTag(explicit, bytes: bytes, at: event.start_mark)
        } else if style == .plain {
            tag = CoreSchema.resolve(plain: bytes).rawValue
        } else {
            tag = CoreTag.str.rawValue
        }
        if tag == CoreTag.int.rawValue || tag == CoreTag.float.rawValue,
            let problem = CoreSchema.outOfRange(bytes, tag: tag == CoreTag.int.rawValue ? .int : .float)
        {
            throw source.diagnostic(
                at: location(event.start_mark), code: .yamlNumberOutOfRange, message: problem)
        }
        let index = Int32(records.count)
        lines.note(event.start_mark)
        lines.note(event.end_mark)
        records.append(
            NodeRecord(
                kind: .scalar,
                style: style,
                tag: tag,
                start: event.start_mark,
                end: event.end_mark,
                first: Int32(truncatingIfNeeded: text.count),
                count: Int32(truncatingIfNeeded: bytes.count)
            )
        )
        text.append(contentsOf: bytes)
        if environment != nil && !dollarSinceSubstitution && bytes.contains(UInt8(ascii: "$")) {
            dollarSinceSubstitution = true
        }
        if let anchor = data.anchor {
            let name = String(cString: anchor)
            recordAnchors[index] = intern(name)
            anchors[name] = (index, 1)
            stream?.definesAnchor = true
        }
        add(index, size: 1)
    }

    private mutating func explicitScalarTag(
        _ pointer: UnsafeMutablePointer<yaml_char_t>,
        bytes: UnsafeBufferPointer<UInt8>,
        at mark: yaml_mark_t
    ) throws(Diagnostic) -> Int32 {
        let name = String(cString: pointer)
        if name == "!" { return CoreTag.str.rawValue }
        let tag = Tag(rawValue: name)
        let core = CoreTag(tag)
        if core == .seq || core == .map {
            throw source.diagnostic(
                at: location(mark),
                code: .yamlInvalidTaggedValue,
                message: "'\(tag)' tags \(core == .seq ? "a sequence" : "a mapping"), not a scalar"
            )
        }
        // Before the value is read: a long 0x integer would cost quadratic time to write in decimal.
        if let core, let problem = CoreSchema.outOfRange(bytes, tag: core) {
            throw source.diagnostic(at: location(mark), code: .yamlNumberOutOfRange, message: problem)
        }
        let value = String(decoding: bytes, as: UTF8.self)
        guard ScalarValue.parse(value, tag: tag) != nil else {
            throw source.diagnostic(
                at: location(mark),
                code: .yamlInvalidTaggedValue,
                message: "'\(MappingKeys.excerpt(value))' is not a valid \(tag) value"
            )
        }
        return CoreTag(tag)?.rawValue ?? -1 - intern(name)
    }

    private mutating func alias(_ event: yaml_event_t) throws(Diagnostic) {
        let name = String(cString: event.data.alias.anchor)
        guard let (anchored, size) = anchors[name] else {
            // An anchor is defined once its node ends: inside it, the alias would be the node itself.
            let isInside = frames.contains { $0.anchor == name }
            throw source.diagnostic(
                at: location(event.start_mark),
                code: .yamlUndefinedAlias,
                message: isInside
                    ? "alias '*\(name)' is inside the node anchored '&\(name)': a node cannot contain itself"
                    : "alias '*\(name)' refers to no anchor defined before it"
            )
        }
        aliasExpansion += size
        guard aliasExpansion <= limits.maxAliasExpansion else {
            throw source.diagnostic(
                at: location(event.start_mark),
                code: .yamlAliasBudget,
                message: "aliases expand to more than \(limits.maxAliasExpansion) nodes "
                    + "(the alias expansion limit); is this a \"billion laughs\" document?"
            )
        }
        aliasUses.append(
            AliasUse(
                line: Int32(truncatingIfNeeded: event.start_mark.line + 1),
                column: Int32(truncatingIfNeeded: event.start_mark.column + 1),
                name: intern(name)
            )
        )
        add(anchored, size: size, alias: Int32(aliasUses.count - 1))
    }

    /// Opens the collection a sequence or mapping start `event` begins.
    private mutating func open(_ event: yaml_event_t) throws(Diagnostic) {
        let isMapping = event.type == YAML_MAPPING_START_EVENT
        let anchor = isMapping ? event.data.mapping_start.anchor : event.data.sequence_start.anchor
        let tag = isMapping ? event.data.mapping_start.tag : event.data.sequence_start.tag
        let style: Node.Style =
            (isMapping
                ? event.data.mapping_start.style == YAML_FLOW_MAPPING_STYLE
                : event.data.sequence_start.style == YAML_FLOW_SEQUENCE_STYLE) ? .flow : .block
        guard frames.count < limits.maxDepth else {
            throw source.diagnostic(
                at: location(event.start_mark),
                code: .yamlDepthLimit,
                message: "nesting is deeper than the limit of \(limits.maxDepth) levels"
            )
        }
        var resolved = isMapping ? CoreTag.map.rawValue : CoreTag.seq.rawValue
        if let tag {
            let name = String(cString: tag)
            if name != "!" {
                let core = CoreTag(Tag(rawValue: name))
                // A core tag names one kind of node: `!!str {a: 1}` or `!!seq {a: 1}` is no value.
                if let core, core != (isMapping ? .map : .seq) {
                    let kind = isMapping ? "a mapping" : "a sequence"
                    let fits = core == .map ? "a mapping" : core == .seq ? "a sequence" : "a scalar"
                    throw source.diagnostic(
                        at: location(event.start_mark),
                        code: .yamlInvalidTaggedValue,
                        message: "'\(core.tag)' tags \(fits), not \(kind)"
                    )
                }
                resolved = core?.rawValue ?? -1 - intern(name)
            }
        }
        let index = Int32(records.count)
        lines.note(event.start_mark)
        records.append(
            NodeRecord(
                kind: isMapping ? .mapping : .sequence,
                style: style,
                tag: resolved,
                start: event.start_mark,
                end: nil,
                first: 0,
                count: 0
            )
        )
        let streams = !isMapping && opensStream(anchor: anchor, tag: resolved)
        var frame = Frame(record: index, isMapping: isMapping, firstChild: pending.count)
        if let anchor {
            let name = String(cString: anchor)
            recordAnchors[index] = intern(name)
            frame.anchor = name
            stream?.definesAnchor = true
        }
        frames.append(frame)
        if streams {
            didStream = true
            stream = Stream(frame: frames.count - 1, start: sizes)
        }
    }

    private mutating func close(end: yaml_mark_t) throws(Diagnostic) {
        if let stream, stream.frame == frames.count - 1 { self.stream = nil }
        guard let frame = frames.popLast() else { return }
        let index = Int(frame.record)
        lines.note(end)
        records[index].setEnd(end)
        records[index].first = Int32(truncatingIfNeeded: children.count)
        if frame.isMapping {
            let pairs = pending[frame.firstChild...]
            let merged: [Int32]?
            var origins: [MappingKeys.MergeOrigin] = []
            do throws(MappingKeys.Problem) {
                merged = try records.withUnsafeBufferPointer {
                    records throws(MappingKeys.Problem) -> [Int32]? in
                    try children.withUnsafeBufferPointer { children throws(MappingKeys.Problem) -> [Int32]? in
                        try text.withUnsafeBufferPointer { text throws(MappingKeys.Problem) -> [Int32]? in
                            let keys = MappingKeys(
                                records: records, children: children, text: text, lines: lines)
                            try keys.checkDuplicates(pairs)
                            return keys.hasMergeKey(pairs) ? try keys.merge(pairs, origins: &origins) : nil
                        }
                    }
                }
            } catch {
                throw source.diagnostic(
                    at: error.location, code: error.code, message: error.message, notes: error.notes)
            }
            if let merged {
                if !aliasUses.isEmpty { noteMergedAliases(origins, firstChild: frame.firstChild) }
                children.append(contentsOf: merged)
                records[index].count = Int32(truncatingIfNeeded: merged.count / 2)
            } else {
                if frame.hasAliasedChild { notePendingAliases(from: frame.firstChild) }
                children.append(contentsOf: pairs)
                records[index].count = Int32(truncatingIfNeeded: pairs.count / 2)
            }
        } else {
            if frame.hasAliasedChild { notePendingAliases(from: frame.firstChild) }
            children.append(contentsOf: pending[frame.firstChild...])
            records[index].count = Int32(truncatingIfNeeded: pending.count - frame.firstChild)
        }
        pending.removeSubrange(frame.firstChild...)
        pendingAliases.removeSubrange(frame.firstChild...)
        if let anchor = frame.anchor {
            anchors[anchor] = (frame.record, frame.size)
        }
        add(frame.record, size: frame.size)
    }

    private mutating func add(_ index: Int32, size: Int, alias: Int32 = -1) {
        let top = frames.count - 1
        guard top >= 0 else {
            root = index
            return
        }
        frames[top].size += size
        if let stream, stream.frame == top {
            // An item of the streamed sequence: handed over, not kept as a child.
            self.stream?.item = (index, alias)
            return
        }
        if frames[top].isMapping && (pending.count - frames[top].firstChild) % 2 == 0 {
            records[Int(index)].isKey = true
        }
        if alias >= 0 { frames[top].hasAliasedChild = true }
        pending.append(index)
        pendingAliases.append(alias)
    }

    /// Notes that the child at `slot` of `children` was reached through `alias`.
    private mutating func noteAlias(_ alias: Int32, ofChildAt slot: Int32) {
        childAliases[slot] = alias
        unsyncedAliasSlots.append(slot)
        if stream != nil { itemAliasSlots.append(slot) }
    }

    /// Records the aliases of the children from `pending[first...]`, about to be appended to
    /// `children` in the same order.
    private mutating func notePendingAliases(from first: Int) {
        guard !aliasUses.isEmpty else { return }
        let base = children.count - first
        for position in first..<pendingAliases.count where pendingAliases[position] >= 0 {
            noteAlias(pendingAliases[position], ofChildAt: Int32(base + position))
        }
    }

    /// Records the aliases of a merged mapping's pairs, about to be appended to `children`: an
    /// explicit pair keeps its own; a merged one is reached through the alias of its slot in the
    /// merged mapping, else of the list item that named that mapping, else of the `<<` value.
    private mutating func noteMergedAliases(_ origins: [MappingKeys.MergeOrigin], firstChild: Int) {
        var slot = Int32(children.count)
        for origin in origins {
            var key: Int32 = -1
            var value: Int32 = -1
            if origin.explicit >= 0 {
                key = pendingAliases[firstChild + Int(origin.explicit)]
                value = pendingAliases[firstChild + Int(origin.explicit) + 1]
            } else {
                var inherited = pendingAliases[firstChild + Int(origin.mergeValue)]
                if origin.itemSlot >= 0, let item = childAliases[origin.itemSlot] { inherited = item }
                key = childAliases[origin.keySlot] ?? inherited
                value = childAliases[origin.keySlot + 1] ?? inherited
            }
            if key >= 0 { noteAlias(key, ofChildAt: slot) }
            if value >= 0 { noteAlias(value, ofChildAt: slot + 1) }
            slot += 2
        }
    }

    // MARK: - Conversions

    private mutating func intern(_ string: String) -> Int32 {
        if let index = stringIndex[string] { return index }
        let index = Int32(strings.count)
        strings.append(string)
        stringIndex[string] = index
        return index
    }

    private func location(_ mark: yaml_mark_t) -> SourceLocation {
        SourceLocation(line: Int(mark.line) + 1, column: Int(mark.column) + 1)
    }

    private func parserError(_ parser: ParserFailure) -> Diagnostic {
        let problem = parser.problem ?? "unknown error"
        switch parser.error {
        case YAML_READER_ERROR:
            if let (encoding, location, line) = source.wideTextPlace(ofByte: parser.problemOffset) {
                // UTF-16 or UTF-32 that could not be decoded whole: placed and quoted in the
                // decoded text, not as its raw bytes.
                var diagnostic = source.diagnostic(
                    at: location, code: .yamlEncoding,
                    message: "invalid \(encoding): \(problem) (at byte offset \(parser.problemOffset))")
                diagnostic.sourceLine = line
                return diagnostic
            }
            let location = source.location(ofByte: parser.problemOffset)
            var message = problem
            if problem.contains("UTF-8") || problem.contains("UTF-16") {
                message = "invalid \(problem.contains("UTF-16") ? "UTF-16" : "UTF-8"): \(problem)"
            }
            if parser.problemValue >= 0 && parser.problemValue <= 0xFF {
                let hex = String(parser.problemValue, radix: 16, uppercase: true)
                message += " (byte 0x\(hex.count < 2 ? "0" + hex : hex) at offset \(parser.problemOffset))"
            } else if parser.problemValue >= 0 {
                message += " (U+\(String(parser.problemValue, radix: 16, uppercase: true)))"
            }
            return source.diagnostic(at: location, code: .yamlEncoding, message: message)
        case YAML_MEMORY_ERROR:
            return source.diagnostic(at: nil, code: .yamlMemory, message: "libyaml ran out of memory")
        default:
            var notes: [Diagnostic.Note] = []
            let context = parser.context.map {
                (name: $0, location: source.inside(location(parser.contextMark)))
            }
            if let context {
                notes.append(Diagnostic.Note(context.name, at: context.location))
            }
            let at = source.inside(location(parser.problemMark))
            notes += SyntaxHint(source: source).notes(problem: problem, at: at, context: context)
            return source.diagnostic(
                at: at,
                code: .yamlSyntax,
                message: problem,
                notes: notes
            )
        }
    }
}

/// libyaml's input from a file descriptor: at most the file's size when it was opened, so a file
/// growing while it is parsed is read as it was.
private struct FileInput {
    var descriptor: Int32
    var remaining: Int

    /// libyaml's read handler: 1 with the bytes read (none at the end), 0 on an error.
    static func read(
        _ data: UnsafeMutableRawPointer?, into buffer: UnsafeMutablePointer<UInt8>?, size: Int,
        sizeRead: UnsafeMutablePointer<Int>?
    ) -> Int32 {
        guard let data, let buffer, let sizeRead else { return 0 }
        let input = data.assumingMemoryBound(to: FileInput.self)
        while true {
            let wanted = min(size, input.pointee.remaining)
            guard wanted > 0 else {
                sizeRead.pointee = 0
                return 1
            }
            let count = Glibc.read(input.pointee.descriptor, buffer, wanted)
            if count < 0 && errno == EINTR { continue }
            guard count >= 0 else { return 0 }
            input.pointee.remaining -= count
            sizeRead.pointee = count
            return 1
        }
    }
}
