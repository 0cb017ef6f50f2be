import Diagnostics
import JSON

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
            case text(StaticString)
        }
        var steps: [Step] = [.node(node)]
        while let step = steps.popLast() {
            switch step {
            case .text(let text):
                output += text.description
            case .key(let key):
                if key.isScalar {
                    key.withScalarBytes { appendQuoted($0, to: &output) }
                } else {
                    JSONText.appendQuoted(json(key), to: &output)
                }
                output += ":"
            case .node(let node):
                if node.isScalar {
                    writeScalar(node, to: &output)
                } else if node.isSequence {
                    output += "["
                    steps.append(.text("]"))
                    for position in stride(from: node.count - 1, through: 0, by: -1) {
                        steps.append(.node(node.item(position)))
                        if position > 0 { steps.append(.text(",")) }
                    }
                } else {
                    output += "{"
                    steps.append(.text("}"))
                    for position in stride(from: node.count - 1, through: 0, by: -1) {
                        let pair = node.pair(position)
                        steps.append(.node(pair.value))
                        steps.append(.key(pair.key))
                        if position > 0 { steps.append(.text(",")) }
                    }
                }
            }
        }
    }

    private static func appendQuoted(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout String) {
        JSONText.appendQuoted(String(decoding: bytes, as: UTF8.self), to: &output)
    }

    private static func writeScalar(_ node: Node, to output: inout String) {
        if node.hasTag(.str) {
            node.withScalarBytes { appendQuoted($0, to: &output) }
            return
        }
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
