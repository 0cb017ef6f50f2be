import Foundation
import TestSupport
import Testing

/// `watch --format text` in a real terminal (tmux): the boxes drawn and redrawn in place, Tab
/// selecting a widget and a digit tapping its control.
@Suite(.serialized, .ownThreads) struct WatchTerminalTests {
    /// A tmux server of this run's own, so no other tmux (a person's, an earlier run's) is touched.
    static let socket = "widgethost-tests-\(UUID().uuidString)"

    /// Runs `arguments` with tmux, failing the test with what tmux said when it fails.
    ///
    /// Spawned and reaped by hand (`posix_spawn`, `waitpid`) with its output in a file: the tmux
    /// server that `new-session` starts keeps inherited descriptors, and Foundation's `Process`
    /// waits for more than the client.
    @discardableResult
    static func tmux(_ arguments: [String], check: Bool = true) throws -> String {
        let scratch = try TemporaryDirectory()
        let output = scratch.url.appendingPathComponent("tmux-output").path
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        posix_spawn_file_actions_adddup2(&actions, 1, 2)
        let argv = (["tmux", "-L", socket] + arguments).map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        // A clean start: no signal blocked or ignored because the test runner's thread had it so.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        var defaults = sigset_t()
        sigfillset(&defaults)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        var pid: pid_t = 0
        let spawned = posix_spawnp(&pid, "tmux", &actions, &attributes, argv, environ)
        try #require(spawned == 0, "tmux could not be started: \(String(cString: strerror(spawned)))")
        var status: Int32 = 0
        while waitpid(pid, &status, 0) == -1 && errno == EINTR {}
        let text = (try? String(contentsOfFile: output, encoding: .utf8)) ?? ""
        if check { try #require(status == 0, "tmux \(arguments): \(text)") }
        return text
    }

    /// The pane's text once `predicate` holds and the screen has settled (the same in two captures
    /// 100 ms apart, so a redraw is not caught half written), at most `timeout` seconds; or the
    /// last capture.
    static func screen(until predicate: (String) -> Bool, timeout: Double = 30) throws -> String {
        let deadline = Date().addingTimeInterval(timeout)
        var text = ""
        while Date() < deadline {
            text = try tmux(["capture-pane", "-p", "-t", "watch"])
            if predicate(text) {
                usleep(100_000)
                let again = try tmux(["capture-pane", "-p", "-t", "watch"])
                if again == text { return text }
                continue
            }
            usleep(50_000)
        }
        return text
    }

    @Test func boxesRedrawInPlaceAndKeysTapControls() throws {
        let scratch = try WatchCommandTests.sample()
        let command =
            "cd '\(scratch.url.path)' && WIDGETHOST_STORE='\(scratch.url.path)/store' HOME='\(scratch.url.path)' "
            + "'\(WidgetHostProcess.executableURL.path)' watch 2> watch-errors; echo \"exit $?\" > watch-exit"
        try Self.tmux(["new-session", "-d", "-s", "watch", "-x", "100", "-y", "90", command])
        // Gone already when the watch ended; not when a check above failed.
        defer { _ = try? Self.tmux(["kill-server"], check: false) }

        let first = try Self.screen {
            $0.contains("Tab: select a widget · a number") && $0.contains("Quick Menu")
        }
        let errors = try? String(
            contentsOf: scratch.url.appendingPathComponent("watch-errors"), encoding: .utf8)
        #expect(errors == "", "the watch wrote: \(errors ?? "nothing")")
        let exit = try? String(contentsOf: scratch.url.appendingPathComponent("watch-exit"), encoding: .utf8)
        #expect(exit == nil, "the watch ended: \(exit ?? "")")
        #expect(first.contains("▶ work-tasks · TaskWidget · systemMedium"))
        #expect(first.contains("│ [1] ○ Finish the Q3 roadmap slides "))

        // 1 taps the first control of the selected widget: the task is done, and the box redrawn.
        try Self.tmux(["send-keys", "-t", "watch", "1"])
        let tapped = try Self.screen { $0.contains("[1] of work-tasks: ToggleTaskIntent") }
        #expect(tapped.contains("[1] of work-tasks: ToggleTaskIntent · value: true"))
        let redrawn = try Self.screen {
            $0.contains("│ [1] ○ Review the login pull request            ! │")
        }
        #expect(!redrawn.contains("[1] ○ Finish the Q3 roadmap slides"))
        // In place: one screen, not one appended after another.
        #expect(redrawn.components(separatedBy: "Tab: select a widget · a number").count == 2)

        // Tab twice selects the focus widget; 1 toggles its focus mode.
        try Self.tmux(["send-keys", "-t", "watch", "Tab", "Tab", "1"])
        let focus = try Self.screen { $0.contains("Focus On") }
        #expect(focus.contains("▶ focus · FocusWidget · systemSmall"))
        #expect(focus.contains("Focus On"))

        // Keys sent as escape sequences carry digits that tap nothing: Delete is ESC [ 3 ~, F5 ESC [ 1 5 ~.
        // A Tab after them shows when they have been read: keys are read in the order sent.
        try Self.tmux(["send-keys", "-t", "watch", "DC", "F5", "Tab"])
        let keys = try Self.screen { $0.contains("▶ quick-menu") }
        #expect(!keys.contains("there is no 3"), "\(keys)")
        #expect(keys.contains("[1] of focus: ToggleFocusModeIntent"))

        // Made shorter than the boxes, the screen keeps the selected widget and says what is hidden;
        // nothing is wrapped or pushed up.
        try Self.tmux(["resize-window", "-t", "watch", "-x", "100", "-y", "20"])
        let short = try Self.screen { $0.contains("above") }
        #expect(short.contains("▶ quick-menu · Quickmenu · systemMedium"))
        #expect(short.contains("↑ "))
        #expect(short.hasSuffix("Tab: select a widget · a number: tap its control · Ctrl-C: quit\n"))

        // Ctrl-C ends it, cleanly.
        try Self.tmux(["send-keys", "-t", "watch", "C-c"])
        let exitURL = scratch.url.appendingPathComponent("watch-exit")
        // As long as the screens above may take: a loaded machine (the whole suite at once) is slow
        // to end the watch too; a watch that never ends still fails here.
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: exitURL.path) && Date() < deadline { usleep(50_000) }
        #expect((try? String(contentsOf: exitURL, encoding: .utf8)) == "exit 0\n")
    }

    /// The screen is a dashboard: the boxes side by side as the terminal's width allows (each its
    /// family's size), and the selected one kept in view when the terminal is too short for all.
    @Test func boxesSitSideBySideAndTheSelectionStaysInView() throws {
        let scratch = try WatchCommandTests.sample()
        let command =
            "cd '\(scratch.url.path)' && WIDGETHOST_STORE='\(scratch.url.path)/store' HOME='\(scratch.url.path)' "
            + "'\(WidgetHostProcess.executableURL.path)' watch 2> watch-errors; echo \"exit $?\" > watch-exit"
        try Self.tmux(["new-session", "-d", "-s", "watch", "-x", "110", "-y", "40", command])
        defer { _ = try? Self.tmux(["kill-server"], check: false) }

        let wide = try Self.screen { $0.contains("Tab: select a widget") && $0.contains("Quick Menu") }
        let lines = wide.split(separator: "\n").map(String.init)
        // Two medium-and-large boxes on one row, the small and the medium one on the next.
        #expect(
            lines.contains {
                $0.contains("▶ work-tasks · TaskWidget") && $0.contains("  all-tasks · TaskWidget")
            },
            "\(wide)")
        #expect(
            lines.contains {
                $0.contains("  focus · FocusWidget") && $0.contains("  quick-menu · Quickmenu")
            },
            "\(wide)")
        #expect(lines.allSatisfy { $0.count <= 110 })

        // Too short for both rows: selecting the quick menu brings its row into view.
        try Self.tmux(["resize-window", "-t", "watch", "-x", "110", "-y", "16"])
        try Self.tmux(["send-keys", "-t", "watch", "Tab", "Tab", "Tab"])
        let short = try Self.screen { $0.contains("▶ quick-menu") }
        #expect(short.contains("▶ quick-menu · Quickmenu · systemMedium"))
        #expect(short.contains("  focus · FocusWidget"))
        #expect(short.contains("↑ "), "\(short)")
        #expect(!short.contains("work-tasks · TaskWidget"))

        try Self.tmux(["send-keys", "-t", "watch", "C-c"])
        let exitURL = scratch.url.appendingPathComponent("watch-exit")
        let deadline = Date().addingTimeInterval(30)
        while !FileManager.default.fileExists(atPath: exitURL.path) && Date() < deadline { usleep(50_000) }
        #expect((try? String(contentsOf: exitURL, encoding: .utf8)) == "exit 0\n")
    }
}
