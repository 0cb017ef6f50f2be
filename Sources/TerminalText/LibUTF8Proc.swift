import CUTF8Proc

/// The utf8proc the process runs on.
public enum LibUTF8Proc {
    /// Its version (`2.8.0`), as the loaded library reports it; its Unicode version decides widths.
    public static var version: String { String(cString: utf8proc_version()) }

    /// The Unicode version of its tables (`15.0.0`).
    public static var unicodeVersion: String { String(cString: utf8proc_unicode_version()) }
}
