import Foundation
import Testing

/// The module map of docs/architecture.md is the one the compiler enforces (Package.swift), and
/// no folder of a module uses another folder of it that uses it back.
@Suite struct ArchitectureTests {
    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each module the table names, with the modules its "depends on" column lists.
    static func documentedModules() throws -> [String: Set<String>] {
        let text = try String(
            contentsOf: root.appendingPathComponent("docs/architecture.md"), encoding: .utf8)
        var modules: [String: Set<String>] = [:]
        for line in text.split(separator: "\n") where line.hasPrefix("| `") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map {
                $0.trimmingCharacters(in: .whitespaces)
            }
            guard cells.count >= 4 else { continue }
            let names = Self.backticked(cells[1])
            let dependencies = Set(Self.backticked(cells[3]))
            for name in names { modules[name] = dependencies }
        }
        return modules
    }

    static func backticked(_ text: String) -> [String] {
        text.split(separator: "`", omittingEmptySubsequences: false).enumerated().filter {
            $0.offset % 2 == 1
        }.map { String($0.element) }
    }

    /// Each target of the package (tests aside) with its dependencies, as SwiftPM reads the manifest.
    static func packageTargets() throws -> [String: Set<String>] {
        let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
            "widgethost-architecture-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: scratch) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        // A scratch path of its own: the build folder is locked while the tests run.
        process.arguments = [
            "swift", "package", "--package-path", root.path, "--scratch-path", scratch.path, "dump-package",
        ]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let package = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        var targets: [String: Set<String>] = [:]
        for target in package["targets"] as? [[String: Any]] ?? [] {
            guard let name = target["name"] as? String, target["type"] as? String != "test" else { continue }
            var dependencies: Set<String> = []
            for dependency in target["dependencies"] as? [[String: Any]] ?? [] {
                for (_, value) in dependency {
                    if let first = (value as? [Any])?.first as? String { dependencies.insert(first) }
                }
            }
            targets[name] = dependencies
        }
        return targets
    }

    @Test func theDocumentedModuleMapIsThePackages() throws {
        let documented = try Self.documentedModules()
        let targets = try Self.packageTargets()
        #expect(documented.count >= 20, "docs/architecture.md lists \(documented.count) modules")
        for (module, dependencies) in documented.sorted(by: { $0.key < $1.key }) {
            let declared = try #require(targets[module], "docs/architecture.md: no target \(module)")
            #expect(
                declared == dependencies,
                "\(module): Package.swift depends on \(declared.sorted()), docs/architecture.md says \(dependencies.sorted())"
            )
        }
        // Every library module of Sources/ is in the table (the C libraries, the benchmark and
        // the helpers of tests are named beside it).
        let sources = try FileManager.default.contentsOfDirectory(
            atPath: Self.root.appendingPathComponent("Sources").path)
        let beside: Set = ["widgethost-bench", "embed-text", "RawHTTP", "taskwidget-plugin"]
        for module in sources where !module.hasPrefix("C") && !beside.contains(module) {
            #expect(documented[module] != nil, "docs/architecture.md does not list Sources/\(module)")
        }
    }

    /// The folders of every module of Sources/: which uses which, by the types each declares at its
    /// top level; no two use each other, directly or through others.
    @Test func noFolderOfAModuleUsesAnotherInALoop() throws {
        let sources = Self.root.appendingPathComponent("Sources")
        let manager = FileManager.default
        for module in try manager.contentsOfDirectory(atPath: sources.path) {
            let moduleURL = sources.appendingPathComponent(module)
            var folders: [String: [String]] = [:]
            guard let walker = manager.enumerator(atPath: moduleURL.path) else { continue }
            for case let path as String in walker where path.hasSuffix(".swift") {
                let folder = path.contains("/") ? String(path.split(separator: "/").first ?? "") : "."
                folders[folder, default: []].append(
                    try String(contentsOf: moduleURL.appendingPathComponent(path), encoding: .utf8))
            }
            guard folders.count > 1 else { continue }
            let declaration = try Regex(
                #"(?m)^(?:public |package )?(?:final )?(?:struct|class|enum|protocol|actor|typealias) ([A-Za-z_]\w*)"#
            )
            var owner: [String: String] = [:]
            for (folder, files) in folders {
                for file in files {
                    for match in file.matches(of: declaration) {
                        if let name = match.output[1].substring {
                            owner[String(name), default: folder] = folder
                        }
                    }
                }
            }
            var uses: [String: Set<String>] = [:]
            let word = try Regex(#"\b[A-Z]\w*\b"#)
            for (folder, files) in folders {
                for file in files {
                    let code = file.split(separator: "\n").filter {
                        !$0.trimmingCharacters(in: .whitespaces).hasPrefix("//")
                    }.joined(separator: "\n")
                    for match in code.matches(of: word) {
                        if let other = owner[String(code[match.range])], other != folder {
                            uses[folder, default: []].insert(other)
                        }
                    }
                }
            }
            // A loop is a folder that reaches itself.
            for start in folders.keys {
                var seen: Set<String> = []
                var frontier = Array(uses[start] ?? [])
                while let next = frontier.popLast() {
                    #expect(next != start, "Sources/\(module): \(start)/ uses a folder that uses it back")
                    if next == start { break }
                    if seen.insert(next).inserted { frontier += uses[next] ?? [] }
                }
            }
        }
    }
}
