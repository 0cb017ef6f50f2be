public import AppGroup

/// The FocusWidget's state in the shared store: a shared default, `true` or `false`.
extension AppGroupStore {
    /// The shared-defaults key of the focus mode.
    public static let focusModeKey = "focus.isOn"

    /// Whether focus mode is on (the FocusWidget's state); off until set.
    ///
    /// Any stored value other than `true` reads as off.
    public func isFocusModeOn() throws(AppGroupError) -> Bool {
        try string(forKey: Self.focusModeKey) == "true"
    }

    /// Turns focus mode on or off.
    public func setFocusMode(_ isOn: Bool) throws(AppGroupError) {
        try setString(isOn ? "true" : "false", forKey: Self.focusModeKey)
    }
}
