import Diagnostics
import Foundation
import YAML

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ConfigurationLoader {
    /// Where the file being read stands among the files of one top-level configuration file: the
    /// chain of `include:` entries that led to it, and every file read so far.
    struct Inclusion {
        /// One `include:` entry followed: the including file and the entry's place in it.
        struct Step {
            var file: String
            var location: SourceLocation
            /// The included file, resolved, to find cycles by.
            var key: String
        }

        /// The entries that led here, outermost first.
        var chain: [Step] = []
        /// The resolved paths of the files on the chain, the top-level one first.
        var open: [String]
        /// Every file read, in reading order (each included file after the one including it).
        var read: [String] = []
        /// Every `include:` entry's path or glob, as it was looked for.
        var patterns: [String] = []

        /// The state of reading the top-level `file`.
        init(file: String) {
            open = [Self.key(file)]
        }

        /// `included from FILE:LINE:COLUMN` for each step of the chain, innermost first, as a C
        /// compiler lists them.
        var notes: [Diagnostic.Note] {
            chain.reversed().map {
                Diagnostic.Note("included from \($0.file):\($0.location.line):\($0.location.column)")
            }
        }

        /// A path as cycles are found by: absolute, standardized, links resolved.
        static func key(_ file: String) -> String {
            file == "-" ? "-" : URL(fileURLWithPath: file).standardizedFileURL.resolvingSymlinksInPath().path
        }
    }

    /// Reads the files an `include:` value names (a path or glob, or a list of them, relative to
    /// the including file), in order, each with its own includes first.
    ///
    /// - Returns: the last App Group one of them declares (with where), or `nil`.
    func include(
        _ node: Node, from source: SourceText, inclusion: inout Inclusion, reader: inout NodeReader,
        into pending: inout PendingInstances, diagnostics: inout [Diagnostic]
    ) -> Declared? {
        let entries: [Node]
        if node.isScalar && !node.isNull {
            entries = [node]
        } else if node.isNull {
            entries = []
        } else if let list = reader.list(node, named: "include") {
            entries = list
        } else {
            return nil
        }
        let directory =
            source.name == "-" || source.name == "<stdin>"
            ? FileManager.default.currentDirectoryPath
            : source.name.parentPath
        var appGroup: Declared?
        for entry in entries {
            guard let text = reader.string(entry, named: "include") else { continue }
            guard !text.isEmpty else {
                reader.report(entry, code: .configEmptyValue, message: "an 'include' path must not be empty")
                continue
            }
            let pattern =
                text.hasPrefix("/") || directory.isEmpty ? text : directory + "/" + text
            inclusion.patterns.append(pattern)
            let files: [String]
            if Self.isGlob(text) {
                files = Self.glob(pattern)
                if files.isEmpty {
                    reader.report(
                        entry, severity: .warning, code: .configIncludeNoMatch,
                        message: "'\(text)' matches no file (looked for '\(pattern)')")
                    continue
                }
            } else {
                var isDirectory: ObjCBool = false
                guard FileManager.default.fileExists(atPath: pattern, isDirectory: &isDirectory) else {
                    reader.report(
                        entry, code: .configNotFound,
                        message: "cannot include '\(text)': \(MissingFile.reason(pattern))")
                    continue
                }
                if isDirectory.boolValue {
                    reader.report(
                        entry, code: .fileIsDirectory,
                        message:
                            "cannot include '\(text)': it is a directory; write '\(text)/*.yaml' for its files"
                    )
                    continue
                }
                guard Self.isConfigurationName(pattern) else {
                    reader.report(
                        entry, code: .configIncludeNotYAML,
                        message:
                            "cannot include '\(Excerpt.of(text))': only YAML or JSON files (.yaml, .yml, .json) are included"
                    )
                    continue
                }
                files = [pattern]
            }
            for file in files {
                if let kernel = Self.kernelFileSystem(of: file) {
                    // Its text (an environment, a process's memory map) would be quoted in
                    // diagnostics, which `serve` sends out on /events.
                    reader.report(
                        entry, code: .configIncludeNotYAML,
                        message:
                            "cannot include '\(Excerpt.of(file))': it is a file of the kernel's \(kernel), not a configuration"
                    )
                    continue
                }
                let key = Inclusion.key(file)
                let location = entry.start.location
                if let start = inclusion.open.firstIndex(of: key) {
                    let names = inclusion.chain.map(\.file)[start...] + [source.name, file]
                    reader.report(
                        entry, code: .configIncludeCycle,
                        message: "'\(text)' includes a file already being read: "
                            + names.joined(separator: " includes "))
                    continue
                }
                inclusion.chain.append(Inclusion.Step(file: source.name, location: location, key: key))
                inclusion.open.append(key)
                if let declared = load(
                    file: file, inclusion: &inclusion, into: &pending, diagnostics: &diagnostics)
                {
                    appGroup = declared
                }
                inclusion.chain.removeLast()
                inclusion.open.removeLast()
            }
        }
        return appGroup
    }

    /// Whether `path` names a YAML or JSON file.
    static func isConfigurationName(_ path: String) -> Bool {
        let name = (path as NSString).lastPathComponent.lowercased()
        return name.hasSuffix(".yaml") || name.hasSuffix(".yml") || name.hasSuffix(".json")
    }

    /// `/proc` or `/sys` when `path`, links followed, is in the kernel's process or system file
    /// system; `nil` otherwise.
    static func kernelFileSystem(of path: String) -> String? {
        let resolved = URL(fileURLWithPath: path).resolvingSymlinksInPath().path
        for root in ["/proc", "/sys"] where resolved == root || resolved.hasPrefix(root + "/") {
            return root
        }
        return nil
    }

    /// Whether an `include:` entry is a glob rather than one path.
    package static func isGlob(_ text: String) -> Bool {
        text.contains { $0 == "*" || $0 == "?" || $0 == "[" }
    }

    /// The regular files `pattern` matches, sorted.
    static func glob(_ pattern: String) -> [String] {
        var matches = glob_t()
        defer { globfree(&matches) }
        guard FileSystemName.withCString(pattern, { Glibc.glob($0, 0, nil, &matches) }) == 0 else {
            return []
        }
        var files: [String] = []
        for index in 0..<Int(matches.gl_pathc) {
            // Names as the file system has them, bytes that are not UTF-8 included.
            guard let pointer = matches.gl_pathv[index] else { continue }
            let path = FileSystemName.string(
                fromBytes: UnsafeBufferPointer(start: pointer, count: strlen(pointer)).map {
                    UInt8(bitPattern: $0)
                })
            if FileSystemName.kind(of: path) == .other { files.append(path) }
        }
        return files.sorted()
    }
}

extension Diagnostic {
    /// The diagnostic with `notes` after its own.
    func addingNotes(_ notes: [Note]) -> Diagnostic {
        guard !notes.isEmpty else { return self }
        var copy = self
        copy.notes += notes
        return copy
    }
}
