// embed-text: writes a Swift file holding a text file's contents as a static string, so a file kept
// in the repository once (the Python plugin SDK) reaches the binary without a checked-in copy.
//
//     embed-text INPUT OUTPUT TYPE [internal]
//
// OUTPUT is written only when its text would change; TYPE is public unless `internal` is given. Run
// by the EmbedPythonSDK and EmbedPluginTemplates build plugins; not installed.
import Foundation

let arguments = CommandLine.arguments
guard arguments.count == 4 || arguments.count == 5 && arguments[4] == "internal" else {
    FileHandle.standardError.write(Data("usage: embed-text INPUT OUTPUT TYPE [internal]\n".utf8))
    exit(64)
}
let (input, output, type) = (arguments[1], arguments[2], arguments[3])
let access = arguments.count == 5 ? "" : "public "
// Read in a function of its own, so the file's bytes are freed before the tool ends (a sanitized
// build, as the fuzzers' is, reports what is left at exit as a leak and fails the build).
func contents(of path: String) -> String? {
    FileManager.default.contents(atPath: path).flatMap { String(data: $0, encoding: .utf8) }
}
guard let text = contents(of: input) else {
    FileHandle.standardError.write(Data("embed-text: cannot read '\(input)' as UTF-8 text\n".utf8))
    exit(66)
}
// A raw string with as many #s as it takes for no line of the text to end it.
var hashes = "#"
while text.contains("\"\"\"" + hashes) || text.contains("\\" + hashes) { hashes += "#" }
let name = (input as NSString).lastPathComponent
let swift = """
    // Generated at build time from \(name) by a build plugin (embed-text); not kept in the repository.

    /// The text of `\(name)`, kept in the repository once and embedded when the package builds.
    \(access)enum \(type) {
        /// The file's text, exactly.
        \(access)static let source = \(hashes)\"\"\"
    \(text)
    \"\"\"\(hashes)
    }

    """
// The build reruns this whenever the tool itself is relinked (`swift build` and `swift run` each
// link their own copy), not only when the text changed: an output that already holds the same
// text is left as it is, so nothing that compiles it is rebuilt (no new modification time).
if FileManager.default.contents(atPath: output) == Data(swift.utf8) {
    exit(0)
}
do {
    try Data(swift.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
} catch {
    FileHandle.standardError.write(Data("embed-text: cannot write '\(output)': \(error)\n".utf8))
    exit(73)
}
