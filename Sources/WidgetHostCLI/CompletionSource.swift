/// What the hidden `widgethost __complete` entry point can list; the completion scripts name these.
enum CompletionSource: String, CaseIterable {
    /// The ids of the widgets of the configuration on the command line (or `./config`).
    case widgetIDs = "widget-ids"
    /// The families the selected widgets (`--widget`) all support; every family without one.
    case families
    /// Widget kinds and intent types, for `describe`.
    case kindsAndIntents = "kinds"
    /// Intent types, for `perform`.
    case intents
    /// `name=` for each parameter of the intent on the command line not given yet, or the values
    /// of an enumeration or boolean parameter once its `name=` is typed.
    case intentArguments = "intent-arguments"
    /// `scheme://` for each deep-link scheme the bundles open, for `open`.
    case links
}
