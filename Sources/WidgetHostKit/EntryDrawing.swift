/// A configuration that draws an entry it is given, as its provider's entries are drawn (its
/// content closure, in the widget's environment, with its configuration's modifiers): what
/// `WidgetTesting` draws a test's own entry with, as Xcode's `#Preview(as:widget:timeline:)` does.
package protocol EntryDrawing {
    /// `entry` drawn in `context`'s family; `nil` when it is not of the provider's entry type.
    /// - Throws: what encoding the entry's data throws.
    func draw(_ entry: any TimelineEntry, in context: TimelineProviderContext) throws -> RenderedEntry?
}

extension StaticConfiguration: EntryDrawing {
    /// `entry` drawn by the configuration's content closure, if it is a `Provider.Entry`.
    package func draw(_ entry: any TimelineEntry, in context: TimelineProviderContext) throws
        -> RenderedEntry?
    {
        try EntryRenderer.draw(entry, with: content, ignoring: metadata.ignoredAPIs, in: context)
    }
}

extension AppIntentConfiguration: EntryDrawing {
    /// `entry` drawn by the configuration's content closure, if it is a `Provider.Entry`.
    package func draw(_ entry: any TimelineEntry, in context: TimelineProviderContext) throws
        -> RenderedEntry?
    {
        try EntryRenderer.draw(entry, with: content, ignoring: metadata.ignoredAPIs, in: context)
    }
}

extension IntentConfiguration: EntryDrawing {
    /// `entry` drawn by the configuration's content closure, if it is a `Provider.Entry`.
    package func draw(_ entry: any TimelineEntry, in context: TimelineProviderContext) throws
        -> RenderedEntry?
    {
        try drawEntry(entry, context, metadata.ignoredAPIs)
    }
}

extension EntryRenderer {
    /// `entry` drawn by `content` and marked with `ignoredAPIs`, if it is an `Entry`: the drawing
    /// of every ``EntryDrawing`` configuration.
    static func draw<Entry: TimelineEntry, Content: View>(
        _ entry: any TimelineEntry, with content: (Entry) -> Content, ignoring ignoredAPIs: [String],
        in context: TimelineProviderContext
    ) throws -> RenderedEntry? {
        guard let entry = entry as? Entry else { return nil }
        return mark(try render(entry, content: content, context: context), ignoring: ignoredAPIs)
    }
}
