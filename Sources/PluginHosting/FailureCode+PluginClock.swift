public import Diagnostics

extension FailureCode {
    /// `plugin.clock-unavailable`: the host's clock is not the wall clock (`--at`) and libfaketime,
    /// which gives a plugin that clock, cannot be found.
    public static let pluginClockUnavailable = FailureCode("plugin.clock-unavailable", .runtime)
}
