import Rendering

extension FailureDocument {
    /// Prints the document on standard output when `format` is JSON or NDJSON (the document is
    /// one line: a script reading a line at a time gets it too); otherwise nothing.
    func write(if format: OutputFormat) {
        guard format == .json || format == .ndjson else { return }
        StandardStream.output.writeData(json)
    }
}
