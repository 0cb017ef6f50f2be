import Diagnostics

/// Writes composed nodes as JSON, in the form the yaml-test-suite's `in.json` uses: scalars under
/// their resolved tags, mapping keys that are not strings as their text, collection keys as their
/// JSON text.
///
/// JSON has no infinities or NaN: those are written as the strings `.inf`, `-.inf` and `.nan`.
public enum JSONWriter {
    /// `node` as compact JSON text.
    /// - Complexity: O(n) in the nodes of the tree, aliases expanded.
    public static func json(_ node: Node) -> String {
        var output = ""
        write(node, to: &output)
        return output
    }

    /// Appends `node` as compact JSON text to `output`.
    ///
    /// Iterative, so deep documents do not grow the Swift stack.
    public static func write(_ node: Node, to output: inout String) {
        enum Step {
            case node(Node)
            case key(Node)
            case text(String)
        }
        var steps: [Step] = [.node(node)]
        while let step = steps.popLast() {
            switch step {
            case .text(let text):
                output += text
            case .key(let key):
                if case .scalar(let text) = key.content {
                    JSONText.appendQuoted(text, to: &output)
                } else {
                    JSONText.appendQuoted(json(key), to: &output)
                }
                output += ":"
            case .node(let node):
                switch node.content {
                case .scalar:
                    writeScalar(node, to: &output)
                case .sequence(let items):
                    output += "["
                    steps.append(.text("]"))
                    for (position, item) in items.enumerated().reversed() {
                        steps.append(.node(item))
                        if position > 0 { steps.append(.text(",")) }
                    }
                case .mapping(let pairs):
                    output += "{"
                    steps.append(.text("}"))
                    for (position, pair) in pairs.enumerated().reversed() {
                        steps.append(.node(pair.value))
                        steps.append(.key(pair.key))
                        if position > 0 { steps.append(.text(",")) }
                    }
                }
            }
        }
    }

    private static func writeScalar(_ node: Node, to output: inout String) {
        switch node.scalarValue ?? .null {
        case .null: output += "null"
        case .bool(let value): output += value ? "true" : "false"
        case .int(let value): output += String(value)
        case .bigInt(let digits): output += digits
        case .float(let value):
            if value.isNaN {
                output += "\".nan\""
            } else if value.isInfinite {
                output += value < 0 ? "\"-.inf\"" : "\".inf\""
            } else {
                output += "\(value)"
            }
        case .string(let text): JSONText.appendQuoted(text, to: &output)
        }
    }
}
