import Testing

extension WidgetHostProcess.Result {
    /// Expects the run to have failed with `status` (64 a usage error, 65 invalid input, 1 a failure
    /// while running), printing nothing on standard output and exactly `standardError`.
    func expectFailed(
        _ status: Int32, standardError expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(self.status == status, sourceLocation: sourceLocation)
        #expect(standardOutput.isEmpty, sourceLocation: sourceLocation)
        #expect(standardError == expected, sourceLocation: sourceLocation)
    }

    /// Expects the run to have failed with `status`, printing nothing on standard output, and with
    /// `firstErrorLine` as the first line of standard error.
    func expectFailed(
        _ status: Int32, firstErrorLine expected: String, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(self.status == status, sourceLocation: sourceLocation)
        #expect(standardOutput.isEmpty, sourceLocation: sourceLocation)
        #expect(firstErrorLine == expected, sourceLocation: sourceLocation)
    }

    /// Expects the run to have succeeded (exit 0), printing exactly `standardOutput` and nothing on
    /// standard error.
    func expectSucceeded(standardOutput expected: String, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(status == 0, sourceLocation: sourceLocation)
        #expect(standardOutput == expected, sourceLocation: sourceLocation)
        #expect(standardError.isEmpty, sourceLocation: sourceLocation)
    }
}
