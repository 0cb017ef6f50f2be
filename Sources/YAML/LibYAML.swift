import CYAML

/// The libyaml the process runs on.
public enum LibYAML {
    /// Its version, as libyaml reports it at run time (`0.2.5`).
    public static var version: String { String(cString: yaml_get_version_string()) }
}
