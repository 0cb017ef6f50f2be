import Diagnostics
import Foundation
import Synchronization
import TestSupport
import Testing
import WidgetEngine
import WidgetHostKit

@testable import PluginHosting
@testable import Subprocess
@testable import WidgetHost

/// The request machinery of one real plugin process (python3 scripts given with `-c`): lines
/// written past a full pipe, and deadlines kept by one watchdog.
@Suite struct PluginProcessTests {
    /// A plugin running `script` with python3, with `timeouts` (method: seconds) over the defaults.
    static func start(_ script: String, timeouts: [String: Double] = [:], folder: String = "/") throws
        -> PluginProcess
    {
        var limits = PluginTimeouts()
        for (method, seconds) in timeouts { limits.set(method, seconds: seconds) }
        let manifest = PluginManifest(
            name: "test", folder: folder, path: folder + "/plugin.yaml", executable: Python.interpreter,
            arguments: ["-c", script], timeouts: limits)
        return try PluginProcess.start(manifest)
    }

    /// Answers `initialize` with an empty result, then each request per `answer`, a python
    /// expression of the request `r` giving the result, or `None` for no answer.
    static func script(answer: String, afterHandshake: String = "pass") -> String {
        """
        import json, sys, time
        for line in sys.stdin:
            r = json.loads(line)
            if r["method"] == "initialize":
                print(json.dumps({"jsonrpc": "2.0", "id": r["id"], "result": {}}), flush=True)
                \(afterHandshake)
                continue
            result = \(answer)
            if result is not None:
                print(json.dumps({"jsonrpc": "2.0", "id": r["id"], "result": result}), flush=True)
        """
    }

    /// Results by request, filled in by completions on the reader thread.
    final class Replies: Sendable {
        let results = Mutex<[Int: Result<JSONValue, PluginFailure>]>([:])
        let arrived = DispatchSemaphore(value: 0)

        func completion(_ index: Int) -> PluginProcess.Completion {
            { result in
                self.results.withLock { $0[index] = result }
                self.arrived.signal()
            }
        }

        /// Waits for `count` replies, at most 20 s in all.
        func wait(for count: Int) -> Bool {
            let deadline = DispatchTime.now() + 20
            return (0..<count).allSatisfy { _ in arrived.wait(timeout: deadline) == .success }
        }
    }

    @Test func aPluginStartsInItsFolder() async throws {
        let folderDirectory = try TemporaryDirectory()
        let folder = folderDirectory.url.resolvingSymlinksInPath().path
        let process = try Self.start(
            Self.script(answer: #"{"cwd": os.getcwd()}"#).replacingOccurrences(
                of: "import json", with: "import json, os"),
            folder: folder)
        defer { process.close() }
        let reply = await process.request("where", params: .object([]))
        #expect((try? reply.get())?["cwd"] == .string(folder), "\(reply)")
        #expect(FileManager.default.currentDirectoryPath != folder)
    }

    /// An error's `data.reason` is the failure's reason when it is a well-formed code; another is
    /// left out, and the message says so.
    @Test(
        arguments: [
            (#""station.closed""#, "station.closed", nil),
            (
                #""Station Closed""#, nil,
                #" (its code "Station Closed" is left out: a code is lower-case words joined by dots and dashes)"#
            ),
            ("12", nil, " (its reason 12 is left out: a reason is a string)"),
            ("None", nil, nil),
        ] as [(String, String?, String?)])
    func anErrorsReasonIsKeptWhenItIsACode(given: String, reason: String?, note: String?) async throws {
        let script = """
            import json, sys
            for line in sys.stdin:
                r = json.loads(line)
                if r["method"] == "initialize":
                    print(json.dumps({"jsonrpc": "2.0", "id": r["id"], "result": {}}), flush=True)
                    continue
                reason = \(given)
                error = {"code": -32000, "message": "closed"}
                if reason is not None: error["data"] = {"reason": reason}
                print(json.dumps({"jsonrpc": "2.0", "id": r["id"], "error": error}), flush=True)
            """
        let process = try Self.start(script)
        defer { process.close() }
        let reply = await process.request("perform", params: .object([]))
        guard case .failure(let failure) = reply else {
            Issue.record("no failure: \(reply)")
            return
        }
        #expect(failure.code.rawValue == "plugin.error")
        #expect(failure.reason == reason)
        #expect(failure.what == "failed 'perform': closed (code -32000)" + (note ?? ""))
        #expect(failure.widgetFailure.reason == reason)
    }

    @Test func linesPastAFullPipeAreWrittenInOrderWithoutBlockingTheSender() throws {
        // The plugin stops reading for half a second after the handshake, while the host sends
        // 1 MiB: far more than a pipe holds. Each answer gives back the index and the text's length.
        let process = try Self.start(
            Self.script(
                answer: #"{"index": r["params"]["index"], "length": len(r["params"]["text"])}"#,
                afterHandshake: "time.sleep(0.5)"))
        defer { process.close() }
        guard case .success = process.requestWaiting("initialize", params: .object([])) else {
            Issue.record("no handshake: \(process.stderrTail)")
            return
        }
        let text = String(repeating: "x", count: 256 << 10)
        let replies = Replies()
        let start = DispatchTime.now()
        for index in 0..<4 {
            process.send(
                "echo", params: .object([.init("index", .int(index)), .init("text", .string(text))]),
                completion: replies.completion(index))
        }
        let sending = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        #expect(sending < 0.25, "sending took \(sending) s: a full pipe blocked the sender")
        #expect(replies.wait(for: 4))
        let results = replies.results.withLock { $0 }
        for index in 0..<4 {
            guard case .success(let reply) = results[index] else {
                Issue.record("request \(index): \(String(describing: results[index]))")
                continue
            }
            #expect(reply["index"] == .int(index))
            #expect(reply["length"] == .int(256 << 10))
        }
    }

    @Test func anEarlierDeadlineIsKeptWhileALaterOneIsPending() throws {
        // timeline may take 30 s, placeholder 0.3 s; the plugin answers neither.
        let process = try Self.start(
            Self.script(answer: "None"), timeouts: ["timeline": 30, "placeholder": 0.3])
        defer { process.close() }
        guard case .success = process.requestWaiting("initialize", params: .object([])) else {
            Issue.record("no handshake: \(process.stderrTail)")
            return
        }
        let replies = Replies()
        let start = DispatchTime.now()
        process.send("timeline", params: .object([]), completion: replies.completion(0))
        process.send("placeholder", params: .object([]), completion: replies.completion(1))
        #expect(replies.wait(for: 2))
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - start.uptimeNanoseconds) / 1e9
        #expect(elapsed >= 0.3 && elapsed < 5, "the placeholder's deadline passed after \(elapsed) s")
        let results = replies.results.withLock { $0 }
        for index in 0..<2 {
            guard case .failure(let failure) = results[index] else {
                Issue.record("request \(index) did not fail: \(String(describing: results[index]))")
                continue
            }
            #expect(failure.code.rawValue == "plugin.timeout")
            #expect(failure.what == "did not answer 'placeholder' within 0.3 s and was stopped")
        }
    }

    @Test func aRequestGetsItsWholeTimeoutAfterRequestsAnsweredInTime() async throws {
        // Three requests are answered at once, the fourth never: it times out its own 0.6 s
        // after it was sent, not when the first request's deadline would have passed.
        let process = try Self.start(
            Self.script(answer: #"{"n": r["params"]["n"]} if r["params"]["n"] < 3 else None"#),
            timeouts: ["timeline": 0.6])
        defer { process.close() }
        guard case .success = process.requestWaiting("initialize", params: .object([])) else {
            Issue.record("no handshake: \(process.stderrTail)")
            return
        }
        for n in 0..<3 {
            let reply = await process.request("timeline", params: .object([.init("n", .int(n))]))
            #expect((try? reply.get()) == .object([.init("n", .int(n))]))
        }
        try await Task.sleep(for: .milliseconds(400))
        // Timed where the failure is made (the watchdog's thread), not where an awaiting task
        // resumes: in a full run the test pool's threads may all be busy for a while.
        let start = DispatchTime.now()
        let ended = Mutex<(Result<JSONValue, PluginFailure>, UInt64)?>(nil)
        let done = DispatchSemaphore(value: 0)
        process.send("timeline", params: .object([.init("n", .int(3))])) { result in
            ended.withLock { $0 = (result, DispatchTime.now().uptimeNanoseconds) }
            done.signal()
        }
        await OffPool.run { _ = done.wait(timeout: .now() + 20) }
        let (reply, at) = try #require(ended.withLock { $0 }, "the request never ended")
        let elapsed = Double(at - start.uptimeNanoseconds) / 1e9
        #expect(elapsed >= 0.55 && elapsed < 5, "timed out after \(elapsed) s")
        guard case .failure(let failure) = reply else {
            Issue.record("the unanswered request succeeded")
            return
        }
        #expect(failure.code.rawValue == "plugin.timeout")
        #expect(failure.what == "did not answer 'timeline' within 0.6 s and was stopped")
    }

    /// Replies mangled at random (seeded, so a failure replays): whatever a plugin writes, every
    /// request ends, answered or failed, within its deadline; none is left waiting.
    @Test func everyRequestEndsWhateverThePluginAnswers() async throws {
        let script = """
            import json, random, sys
            PIECES = ['{', '}', '[', ']', ':', ',', '"', 'null', '1e999', '"id": 1', '"result"', '"error"',
                      '"method": "x"', '"\\\\ud800"']
            def mangle(rnd, text):
                data = list(text)
                for _ in range(rnd.randint(1, 4)):
                    at = rnd.randint(0, len(data))
                    if rnd.random() < 0.5:
                        data[at:at] = list(rnd.choice(PIECES))
                    else:
                        del data[at:at + rnd.randint(1, 8)]
                return "".join(data)
            for line in sys.stdin:
                r = json.loads(line)
                if r["method"] == "initialize":
                    print(json.dumps({"jsonrpc": "2.0", "id": r["id"], "result": {}}), flush=True)
                    continue
                rnd, i = random.Random(r["params"]["seed"]), r["id"]
                replies = [{"jsonrpc": "2.0", "id": i}, {"id": i + 1, "result": {}}, {"id": str(i), "result": {}},
                           [i], "text", {"id": i, "error": "oops"}, {"id": i, "error": {"code": "x"}},
                           {"id": i, "result": None}, {"id": i, "result": {}, "error": {"message": "both"}},
                           {"id": None, "error": {"code": -32700, "message": "parse error"}}]
                if rnd.random() < 0.5:
                    # A notification first: ignored, and the reply still counts.
                    print(json.dumps({"jsonrpc": "2.0", "method": "log", "params": {}}), flush=True)
                reply = json.dumps({"jsonrpc": "2.0", "id": i, "result": {"entries": [], "n": 1}})
                text = mangle(rnd, reply) if rnd.random() < 0.5 else json.dumps(rnd.choice(replies))
                print(text, flush=True)
            """
        var outcomes: [String: Int] = [:]
        for seed in 0..<40 {
            let process = try Self.start(script, timeouts: ["timeline": 2])
            defer { process.close() }
            guard case .success = process.requestWaiting("initialize", params: .object([])) else {
                Issue.record("no handshake: \(process.stderrTail)")
                return
            }
            let replies = Replies()
            process.send(
                "timeline", params: .object([.init("seed", .int(seed))]), completion: replies.completion(0))
            #expect(replies.wait(for: 1), "seed \(seed): the request never ended")
            switch replies.results.withLock({ $0[0] }) {
            case .success?: outcomes["answered", default: 0] += 1
            case .failure(let failure)?: outcomes[failure.code.rawValue, default: 0] += 1
            case nil: break
            }
        }
        // The mangling does reach the protocol's failures, not only JSON syntax errors.
        #expect(outcomes.values.reduce(0, +) == 40)
        #expect(outcomes.keys.count >= 5, "\(outcomes)")
    }
}
