public import WidgetHostKit

extension JSONValue {
    /// The value as indented JSON text (two spaces), for files people read and keep.
    public var prettyDescription: String {
        var output = ""
        writePretty(to: &output, indent: "")
        return output
    }

    private func writePretty(to output: inout String, indent: String) {
        let inner = indent + "  "
        switch self {
        case .array(let items) where !items.isEmpty:
            output += "[\n"
            for (index, item) in items.enumerated() {
                output += inner
                item.writePretty(to: &output, indent: inner)
                output += index + 1 < items.count ? ",\n" : "\n"
            }
            output += indent + "]"
        case .object(let members) where !members.isEmpty:
            output += "{\n"
            for (index, member) in members.enumerated() {
                output += inner + JSONValue.string(member.key).description + ": "
                member.value.writePretty(to: &output, indent: inner)
                output += index + 1 < members.count ? ",\n" : "\n"
            }
            output += indent + "}"
        default:
            write(to: &output)
        }
    }
}
