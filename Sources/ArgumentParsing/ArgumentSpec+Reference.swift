extension ArgumentSpec {
    /// What the man page and the Markdown reference say of the argument: its help, then its
    /// values, default and whether it repeats, in parentheses.
    var referenceDescription: String {
        var notes: [String] = []
        var help = ""
        switch self {
        case .positional(let positional):
            help = positional.help
            if let value = positional.defaultValue { notes.append("default: \(value)") }
        case .option(let option):
            help = option.help
            if !option.allowedValues.isEmpty {
                notes.append("values: " + option.allowedValues.joined(separator: ", "))
            }
            if let value = option.defaultValue, !value.isEmpty { notes.append("default: \(value)") }
            if option.isRepeatable { notes.append("repeatable") }
        case .flag(let flag):
            help = flag.help
        }
        guard !notes.isEmpty else { return help }
        return help + " (" + notes.joined(separator: "; ") + ")"
    }
}
