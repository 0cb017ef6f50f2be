#if canImport(Glibc)
    import Glibc
#endif

/// A terminal put in a mode that hands over each key as it is pressed, without echoing it, and
/// set back as it was.
struct TerminalMode {
    private let descriptor: Int32
    private let saved: termios

    /// Switches the terminal on `descriptor` off line editing and echo; `nil` when it is not a
    /// terminal.
    static func keysAsPressed(descriptor: Int32) -> TerminalMode? {
        guard isatty(descriptor) == 1 else { return nil }
        var saved = termios()
        guard tcgetattr(descriptor, &saved) == 0 else { return nil }
        var raw = saved
        raw.c_lflag &= ~tcflag_t(ICANON | ECHO)
        // One byte at a time, waiting for it (VMIN 1, VTIME 0).
        withUnsafeMutableBytes(of: &raw.c_cc) { bytes in
            bytes[Int(VMIN)] = 1
            bytes[Int(VTIME)] = 0
        }
        guard tcsetattr(descriptor, TCSANOW, &raw) == 0 else { return nil }
        return TerminalMode(descriptor: descriptor, saved: saved)
    }

    /// Sets the terminal back as it was.
    func restore() {
        var saved = saved
        tcsetattr(descriptor, TCSANOW, &saved)
    }
}
