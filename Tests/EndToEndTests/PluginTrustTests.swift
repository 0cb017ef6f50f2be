import Foundation
import TestSupport
import Testing

/// No code runs that the user did not choose: a plugin that comes with a folder someone else may
/// have prepared (the `Plugins/` folder beside a configuration, its `plugins:` list) starts only
/// once trusted with `plugins trust`, as it is then; `--plugins` needs no trust.
@Suite struct PluginTrustTests {
    /// A folder as someone else could prepare it: `config/` with a `Plugins/` folder whose plugin
    /// leaves a mark (the file `started`) whenever it starts, a widget of its kind beside a
    /// built-in one, and a store.
    static func prepared() throws -> TemporaryDirectory {
        let scratch = try TemporaryDirectory()
        try scratch.initStore([])
        try scratch.plugin(
            "t", at: "config/Plugins/t", executable: "x.sh",
            script: "#!/bin/sh\ntouch \"\(scratch.path("started"))\"\n",
            manifest: "kinds: [T]\nintents: [Poke]\n", trusted: false)
        try scratch.file(
            "config/w.yaml", "widgets:\n  - {id: a, kind: T}\n  - {id: focus, kind: FocusWidget}\n")
        return scratch
    }

    static func started(_ scratch: TemporaryDirectory) -> Bool {
        FileManager.default.fileExists(atPath: scratch.path("started"))
    }

    static func folder(_ scratch: TemporaryDirectory) -> String {
        scratch.url.appendingPathComponent("config/Plugins/t").resolvingSymlinksInPath().path
    }

    @Test func aFolderSomeoneElsePreparedRunsNoCodeUntilTrusted() throws {
        let scratch = try Self.prepared()
        let how =
            "trust it with `widgethost plugins trust \(Self.folder(scratch))`, or name its folder with --plugins"

        let validate = try scratch.widgethost(["validate"])
        #expect(validate.status == 0, "\(validate.standardError)")
        #expect(
            validate.standardError.contains(
                "warning: plugin 't' is not trusted to run: it came with config/Plugins"))
        #expect(validate.standardError.contains(how))
        #expect(!Self.started(scratch))

        let run = try scratch.widgethost(["run", "--format", "json"])
        #expect(run.status == 1)
        #expect(
            run.standardOutput.contains(
                #""id":"a","kind":"T","family":"systemSmall","error":{"code":"plugin.untrusted""#))
        #expect(
            run.standardOutput.contains(#""id":"focus","kind":"FocusWidget","family":"systemSmall","date""#))
        #expect(!Self.started(scratch))

        let tap = try scratch.widgethost(["tap", "a", "1", "--format", "json"])
        #expect(tap.status == 1)
        #expect(tap.standardOutput.contains(#""code":"plugin.untrusted""#))
        #expect(tap.standardError.contains(how))
        #expect(!Self.started(scratch))

        // `perform` takes the plugins ./config brings too, and refuses this one as run does.
        let perform = try scratch.widgethost(["perform", "Poke"])
        #expect(perform.status == 1)
        #expect(perform.standardError.contains(how), "\(perform.standardError)")
        #expect(!Self.started(scratch))
    }

    @Test func trustedItRunsUntilItsExecutableOrManifestChanges() throws {
        let scratch = try Self.prepared()
        let folder = Self.folder(scratch)
        let trust = try scratch.widgethost(["plugins", "trust"])
        #expect(trust.status == 0, "\(trust.standardError)")
        #expect(trust.standardOutput.hasPrefix("Trusted 't' in \(folder) (sha256:"))
        let record = scratch.path("data/widgethost/trusted-plugins")
        let mode = try #require(
            FileManager.default.attributesOfItem(atPath: record)[.posixPermissions] as? Int)
        #expect(mode & 0o022 == 0)

        _ = try scratch.widgethost(["run"])
        #expect(Self.started(scratch))

        for file in ["x.sh", "plugin.yaml"] {
            try FileManager.default.removeItem(atPath: scratch.path("started"))
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: folder + "/" + file))
            try handle.seekToEnd()
            try handle.write(contentsOf: Data("# changed\n".utf8))
            try handle.close()
            let changed = try scratch.widgethost(["run", "--format", "json"])
            #expect(changed.status == 1)
            #expect(changed.standardOutput.contains("changed since it was trusted"), "\(file)")
            #expect(!Self.started(scratch), "\(file)")
            #expect(try scratch.widgethost(["plugins", "trust", folder]).status == 0)
            _ = try scratch.widgethost(["run"])
            #expect(Self.started(scratch), "\(file)")
        }
    }

    @Test func aFolderNamedWithPluginsNeedsNoTrust() throws {
        let scratch = try Self.prepared()
        _ = try scratch.widgethost(["run", "--plugins", "config/Plugins/t"])
        #expect(Self.started(scratch))
    }

    @Test func untrustForgetsAndARecordOthersCanWriteIsNotBelieved() throws {
        let scratch = try Self.prepared()
        #expect(try scratch.widgethost(["plugins", "trust", "config"]).status == 0)
        let record = scratch.path("data/widgethost/trusted-plugins")
        try FileManager.default.setAttributes([.posixPermissions: 0o666], ofItemAtPath: record)
        let writable = try scratch.widgethost(["run", "--format", "json"])
        #expect(writable.status == 1)
        #expect(writable.standardOutput.contains(#""code":"plugin.trust-failed""#))
        #expect(writable.standardOutput.contains("other users can write it"))
        #expect(!Self.started(scratch))

        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: record)
        let untrust = try scratch.widgethost(["plugins", "untrust", "config/Plugins/t"])
        #expect(untrust.status == 0, "\(untrust.standardError)")
        #expect(untrust.standardOutput == "Untrusted config/Plugins/t\n")
        let again = try scratch.widgethost(["run", "--format", "json"])
        #expect(again.standardOutput.contains(#""code":"plugin.untrusted""#))
        #expect(!Self.started(scratch))
    }

    @Test func trustSaysWhatItCannotDo() throws {
        let scratch = try TemporaryDirectory()
        let missing = try scratch.widgethost(["plugins", "trust", "nowhere.yaml"])
        #expect(missing.status == 65)
        #expect(missing.standardError.contains("nowhere.yaml"))
        try scratch.file("alone.yaml", "widgets:\n  - {id: focus, kind: FocusWidget}\n")
        let none = try scratch.widgethost(["plugins", "trust", "alone.yaml"])
        #expect(none.status == 0)
        #expect(
            none.standardOutput
                == "No plugin to trust: alone.yaml brings none (no Plugins folder beside it, no plugins: list).\n"
        )
    }
}
