// intentdefinition-swift: writes the Swift Xcode generates from an `.intentdefinition` file (its
// intents, enumerations and custom types), for widgethost's SDK.
//
//     intentdefinition-swift INPUT OUTPUT
//
// Run by the IntentDefinitions build plugin on each `.intentdefinition` file of a target. What the
// file declares that is not generated is a warning; a file that is not a definition is an error
// naming the place (exit 65), and OUTPUT is left as it was. OUTPUT is written only when its text
// would change.
import Foundation
import XcodeGenerators

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: intentdefinition-swift INPUT OUTPUT\n".utf8))
    exit(64)
}
let (input, output) = (arguments[1], arguments[2])
guard let data = FileManager.default.contents(atPath: input) else {
    FileHandle.standardError.write(Data("\(input): error: cannot read the file\n".utf8))
    exit(66)
}
let definition: IntentDefinition
do {
    definition = try IntentDefinition(propertyList: data)
} catch {
    FileHandle.standardError.write(Data("\(input): error: \(error)\n".utf8))
    exit(65)
}
for note in definition.leftOut {
    FileHandle.standardError.write(Data("\(input): warning: \(note)\n".utf8))
}
let swift = definition.swift(source: (input as NSString).lastPathComponent)
do {
    try GeneratedFile.write(swift, to: output)
} catch {
    FileHandle.standardError.write(Data("\(output): error: cannot write the file: \(error)\n".utf8))
    exit(73)
}
