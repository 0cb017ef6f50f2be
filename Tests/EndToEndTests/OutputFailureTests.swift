import Foundation
import TestSupport
import Testing

/// Output that cannot be written: a full disk and a closed standard output fail the command with a
/// message (exit 1); a reader that stops early (`| head`) ends the output quietly, as Unix tools do.
@Suite struct OutputFailureTests {
    /// Runs `script` in `sh` with `$WIDGETHOST` the built binary, in a scratch directory with the
    /// sample configuration and a store of its own; returns standard error and the status the
    /// script wrote to the file `status`.
    static func shell(_ script: String) throws -> (standardError: String, status: String) {
        let (standardError, status, _) = try shellInScratch(script)
        return (standardError, status)
    }

    /// ``shell(_:)``, and the scratch directory the script ran in, to read what it left there.
    static func shellInScratch(_ script: String) throws -> (
        standardError: String, status: String, scratch: TemporaryDirectory
    ) {
        let scratch = try TemporaryDirectory()
        try FileManager.default.createDirectory(
            at: scratch.url.appendingPathComponent("config"), withIntermediateDirectories: true)
        try scratch.copy(repositoryFile: "config/widgets.yaml", as: "config/widgets.yaml")
        try scratch.initStore()
        let run = try WidgetHostProcess.runShell(
            script,
            environment: [
                "WIDGETHOST": WidgetHostProcess.executableURL.path,
                "WIDGETHOST_STORE": scratch.url.appendingPathComponent("store").path,
                "HOME": scratch.url.path,
            ],
            directory: scratch.url)
        let status = try String(contentsOf: scratch.url.appendingPathComponent("status"), encoding: .utf8)
        return (run.standardError, status.trimmingCharacters(in: .whitespacesAndNewlines), scratch)
    }

    /// A full disk or a closed standard output: exit 1, with the system's reason.
    @Test(arguments: [
        (
            #""$WIDGETHOST" run --at 2026-11-29T12:00:00Z > /dev/full; echo $? > status"#,
            "No space left on device"
        ),
        (#""$WIDGETHOST" store export > /dev/full; echo $? > status"#, "No space left on device"),
        (#""$WIDGETHOST" run --format json > /dev/full; echo $? > status"#, "No space left on device"),
        (#""$WIDGETHOST" run --at 2026-11-29T12:00:00Z >&-; echo $? > status"#, "Bad file descriptor"),
        (#""$WIDGETHOST" store export >&-; echo $? > status"#, "Bad file descriptor"),
    ])
    func anOutputThatCannotBeWrittenIsAnError(script: String, reason: String) throws {
        let (standardError, status) = try Self.shell(script)
        #expect(status == "1")
        #expect(standardError == "error: could not write to standard output: \(reason)\n")
    }

    /// A closed standard input is not an empty one: `yaml` says there is nothing to read (64), as
    /// `validate -` says there is no document, where it printed nothing and exited 0.
    @Test func aClosedInputIsNotAnEmptyOne() throws {
        let (standardError, status) = try Self.shell(#""$WIDGETHOST" yaml <&-; echo $? > status"#)
        #expect(status == "64")
        #expect(
            standardError.hasPrefix(
                "Error: Standard input is closed, so there is nothing to read: give a file, or pipe YAML in.\n"
            ))
        let (empty, emptyStatus) = try Self.shell(#""$WIDGETHOST" yaml < /dev/null; echo $? > status"#)
        #expect(emptyStatus == "0")
        #expect(empty == "")
    }

    /// An intent with standard output closed is refused before it runs (exit 1): were it
    /// performed and then failed for its output, a script retrying it would add the task twice.
    @Test(arguments: [
        (
            #""$WIDGETHOST" perform AddTaskIntent taskName=x >&-; echo $? > status"#,
            "the intent was not performed"
        ),
        (
            #""$WIDGETHOST" perform ToggleFocusModeIntent value=true --format json >&-; echo $? > status"#,
            "the intent was not performed"
        ),
        (
            #""$WIDGETHOST" tap focus 1 --at 2026-11-29T12:00:00Z >&-; echo $? > status"#,
            "the control was not tapped"
        ),
    ])
    func anIntentWithStandardOutputClosedChangesNothing(script: String, action: String) throws {
        let export = #""$WIDGETHOST" store export --format json"#
        let (standardError, status, scratch) = try Self.shellInScratch(
            "\(export) > before.json; \(script); \(export) > after.json")
        let before = try String(contentsOfFile: scratch.path("before.json"), encoding: .utf8)
        let after = try String(contentsOfFile: scratch.path("after.json"), encoding: .utf8)
        #expect(before.hasPrefix("{"), "\(before)")
        #expect(status == "1")
        #expect(
            standardError
                == "error: cannot write to standard output (it is closed), so \(action) and nothing was changed; "
                + "run it with standard output open (>/dev/null to discard what it prints)\n")
        #expect(after == before)
    }

    /// A variable whose bytes are not UTF-8 is an error at the variable, where it was read with
    /// U+FFFD in place of the bytes in silence; one that holds U+FFFD itself is used as it is.
    @Test func aVariableThatIsNotUTF8IsAnErrorNotAReplacement() throws {
        let (standardError, status) = try Self.shell(
            #"printf 'widgets:\n  - {id: w, kind: TaskWidget, configuration: {category: "${CAT}"}}\n' > v.yaml; "#
                + #"CAT="$(printf 'a\377b')" "$WIDGETHOST" validate v.yaml; echo $? > status"#)
        #expect(status == "65")
        #expect(
            standardError.hasPrefix(
                "v.yaml:2:58: error: the variable 'CAT' is not UTF-8 text (its value holds bytes that are not UTF-8); "
                    + "set it to UTF-8 text\n"), "\(standardError)")
        let (_, genuine) = try Self.shell(
            #"printf 'widgets:\n  - {id: w, kind: TaskWidget, configuration: {category: "${CAT}"}}\n' > v.yaml; "#
                + #"CAT="$(printf 'a\357\277\275b')" "$WIDGETHOST" validate v.yaml; echo $? > status"#)
        #expect(genuine == "0")
    }

    @Test func aReaderThatStopsEarlyEndsTheOutputQuietly() throws {
        // The reader exits at once, so every write after it gets EPIPE.
        let (standardError, status) = try Self.shell(
            #"{ sleep 0.3; "$WIDGETHOST" run --at 2026-11-29T12:00:00Z; echo $? > status; } | true"#)
        #expect(status == "0")
        #expect(standardError == "")
    }

    /// A reader that stalls (a pipe nobody reads for a while, far more output than the pipe holds)
    /// gets every byte, in order, once it reads: the run's output thread waits for it, and nothing
    /// is lost or reordered in the chunks waiting meanwhile.
    @Test(.ownThreads) func aStalledReaderGetsTheWholeOutputInOrder() throws {
        let (standardError, status) = try Self.shell(
            """
            { echo 'widgets:'; i=0; while [ $i -lt 600 ]; do
                echo "  - {id: w$i, kind: TaskWidget, family: systemLarge}"; i=$((i + 1)); done; } > many.yaml
            "$WIDGETHOST" run many.yaml --format json --at 2026-11-29T12:00:00Z > direct.json
            { "$WIDGETHOST" run many.yaml --format json --at 2026-11-29T12:00:00Z; echo $? > run-status; } \\
                | { sleep 1; cat > stalled.json; }
            test "$(wc -c < direct.json)" -gt 200000 && cmp direct.json stalled.json
            echo "$?$(cat run-status)" > status
            """)
        #expect(standardError == "")
        #expect(status == "00")
    }
}
