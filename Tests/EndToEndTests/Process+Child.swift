import Foundation
import TestSupport

extension Process {
    /// A child running `executable` with `arguments`, not started yet: in the test's environment
    /// less `NO_COLOR` (with `python3` on the PATH the interpreter itself: ``Python``), with
    /// `environment` on top, in `directory`.
    static func child(
        _ executable: URL, _ arguments: [String], environment: [String: String], directory: URL?
    ) -> Process {
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        var variables = Python.environment(ProcessInfo.processInfo.environment)
        variables["NO_COLOR"] = nil
        variables.merge(environment) { _, new in new }
        process.environment = variables
        if let directory { process.currentDirectoryURL = directory }
        return process
    }
}
