import Foundation
// xcassets-swift: writes the asset symbols Xcode generates from an asset catalog (its colours and
// images), and the catalog's colours by name, for widgethost's SDK.
//
//     xcassets-swift CATALOG OUTPUT
//
// Run by the AssetCatalogs build plugin on each `.xcassets` folder of a target. What the catalog
// holds that is not read is a warning; a `Contents.json` that is not JSON is an error naming the
// file (exit 65), and OUTPUT is left as it was. OUTPUT is written only when its text would change.
import XcodeGenerators

let arguments = CommandLine.arguments
guard arguments.count == 3 else {
    FileHandle.standardError.write(Data("usage: xcassets-swift CATALOG OUTPUT\n".utf8))
    exit(64)
}
let (input, output) = (arguments[1], arguments[2])
let catalog: AssetCatalog
do {
    catalog = try AssetCatalog(folder: URL(fileURLWithPath: input))
} catch {
    FileHandle.standardError.write(Data("\(error.place): error: \(error.message)\n".utf8))
    exit(65)
}
var leftOut = catalog.leftOut
let swift = catalog.swift(catalog: (input as NSString).lastPathComponent, leftOut: &leftOut)
for note in leftOut {
    FileHandle.standardError.write(Data("\(input): warning: \(note)\n".utf8))
}
do {
    try GeneratedFile.write(swift, to: output)
} catch {
    FileHandle.standardError.write(Data("\(output): error: cannot write the file: \(error)\n".utf8))
    exit(73)
}
