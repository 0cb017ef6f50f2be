import CYAML
import Diagnostics
import YAML

/// libyaml's bare event parse against the YAML module's full compose, on the same ~3.5 MB file of
/// widget configs, rounds interleaved so both see the same machine.
struct YAMLBenchmark {
    var rounds: Int

    func run() {
        let text = WidgetConfigGenerator.config(widgets: 22_000)
        let bytes = Array(text.utf8)
        let source = SourceText(name: "<generated>", bytes: bytes)
        let loader = YAMLLoader()
        var events = 0
        // Warm up both paths once.
        events = Self.parseEvents(bytes)
        var documents = Self.compose(loader, source)
        let nodes = documents.reduce(0) { $0 + Self.count($1) }
        var parseTimes: [Double] = []
        var composeTimes: [Double] = []
        for _ in 0..<rounds {
            parseTimes.append(Clock.seconds { events = Self.parseEvents(bytes) })
            documents = []  // free the last tree outside the timed region
            composeTimes.append(Clock.seconds { documents = Self.compose(loader, source) })
        }
        let megabytes = (Double(bytes.count) / 1_048_576 * 100).rounded() / 100
        print(
            "yaml: \(bytes.count) bytes (\(megabytes) MiB), \(events) events, \(nodes) nodes, \(rounds) rounds"
        )
        Report.row("libyaml event parse", parseTimes)
        Report.row("YAML module compose", composeTimes)
        Report.ratio("compose / event parse", composeTimes, parseTimes, target: 1.5)
    }

    /// Parses every event and discards it; returns the event count.
    static func parseEvents(_ bytes: [UInt8]) -> Int {
        var parser = yaml_parser_t()
        guard yaml_parser_initialize(&parser) == 1 else { return 0 }
        defer { yaml_parser_delete(&parser) }
        var count = 0
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            yaml_parser_set_input_string(&parser, base, buffer.count)
            var event = yaml_event_t()
            while yaml_parser_parse(&parser, &event) == 1 {
                let done = event.type == YAML_STREAM_END_EVENT
                yaml_event_delete(&event)
                count += 1
                if done { break }
            }
        }
        return count
    }

    /// Composes the documents.
    static func compose(_ loader: YAMLLoader, _ source: SourceText) -> [Node] {
        do {
            return try loader.load(source)
        } catch {
            print("compose failed: \(error)")
            return []
        }
    }

    static func count(_ node: Node) -> Int {
        if node.isSequence {
            return (0..<node.count).reduce(1) { $0 + count(node.item($1)) }
        }
        if node.isMapping {
            return (0..<node.count).reduce(1) { $0 + count(node.pair($1).key) + count(node.pair($1).value) }
        }
        return 1
    }
}
