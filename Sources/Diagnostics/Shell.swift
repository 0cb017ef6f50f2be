/// Text shown as part of a shell command in a message, so the command can be copied and run.
public enum Shell {
    /// `text` as one word of a shell command: as it is when that is safe, else in double quotes
    /// (the messages that show it quote the whole command in single quotes).
    public static func word(_ text: String) -> String {
        let safe = text.unicodeScalars.allSatisfy {
            $0.isASCII
                && ($0.properties.isAlphabetic || ("0"..."9").contains($0)
                    || "_./-+=:,@%~".unicodeScalars.contains($0))
        }
        if safe && !text.isEmpty { return text }
        var quoted = "\""
        for character in text {
            if "\"\\$`".contains(character) { quoted.append("\\") }
            quoted.append(character)
        }
        return quoted + "\""
    }
}
