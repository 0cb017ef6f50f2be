import Rendering

extension FailureDocument {
    /// Prints the document on standard output when `format` is JSON; otherwise nothing.
    func write(if format: OutputFormat) {
        guard format == .json else { return }
        StandardStream.output.writeData(json)
    }
}
