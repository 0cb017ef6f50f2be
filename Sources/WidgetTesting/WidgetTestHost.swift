import AppGroup
public import Foundation
import JSON
public import Layout
import Rendering
import WidgetEngine
@_spi(WidgetHost) public import WidgetHostKit
import WidgetHostPlugin

/// Runs widget code in a test as widgethost runs it, against an App Group of its own: a temporary
/// folder holding the group's store (its shared defaults), removed when the host goes away.
///
/// ```swift
/// let host = try WidgetTestHost(appGroup: "group.com.example.tasks")
/// let timeline = try await host.timeline(of: TasksWidget(), family: .systemMedium, at: noon)
/// #expect(timeline.current.view.texts.contains("3 tasks"))
/// _ = try await host.perform(AddTaskIntent(name: "Water the plants"))
/// #expect(try await host.timeline(of: TasksWidget(), at: noon).current.view.texts.contains("4 tasks"))
/// ```
///
/// What the widget's code reads of the App Group is this host's: its provider's `context.container`,
/// `UserDefaults(suiteName: appGroup)`, `@AppStorage` and
/// `FileManager.containerURL(forSecurityApplicationGroupIdentifier:)`. Foundation's suite of
/// defaults belongs to the whole process, so calls of hosts of the same App Group take turns (tests
/// running at once wait for each other); hosts of different App Groups run side by side.
public final class WidgetTestHost: Sendable {
    /// The App Group's identifier, the name `UserDefaults(suiteName:)` gives.
    public let appGroup: String
    /// The App Group's temporary container folder (its store, its files).
    public let containerURL: URL
    /// The device whose family sizes the layouts and pictures use.
    public let device: Device
    /// The pictures' pixels a point.
    public let scale: Double
    /// The temporary folder holding the container, removed by `deinit`.
    private let temporaryFolder: URL
    /// The container the providers see, one for the host's life (its store stays open).
    private let container: SharedContainer
    /// The drawing of pictures.
    let renderer: PNGRenderer

    /// A host with a new, empty App Group `appGroup` in a temporary folder.
    ///
    /// - Parameters:
    ///   - appGroup: the App Group's identifier, as the widget's code names it.
    ///   - device: the device whose sizes the layouts use.
    ///   - scale: the pictures' pixels a point, from 1 to 4 (the device's by default).
    /// - Throws: ``WidgetTestingError`` when the folder cannot be made or the scale is out of range.
    public init(appGroup: String = "group.widgettesting", device: Device = .reference, scale: Double? = nil)
        throws(WidgetTestingError)
    {
        let scale = scale ?? Double(device.scale)
        do throws(PNGRenderingError) {
            renderer = try PNGRenderer(scale: scale)
        } catch {
            throw .invalidArgument(error.message)
        }
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("widgettesting-\(UUID().uuidString)")
        let container = folder.appendingPathComponent(appGroup.isEmpty ? "group" : appGroup)
        do {
            try FileManager.default.createDirectory(at: container, withIntermediateDirectories: true)
        } catch {
            throw .fileSystem("cannot make the App Group's folder '\(container.path)': \(error)")
        }
        self.appGroup = appGroup
        self.device = device
        self.scale = scale
        temporaryFolder = folder
        containerURL = container
        self.container = SharedContainer(url: container, appGroup: appGroup)
    }

    /// Removes the App Group's temporary folder: what a test's widget and intents wrote is gone.
    deinit {
        try? FileManager.default.removeItem(at: temporaryFolder)
    }

    /// The timeline `widget`'s provider gives for `family` and `configuration` (parameter values by
    /// name, as a configuration file's `configuration:` gives them) at `date`, its entries drawn.
    ///
    /// - Parameters:
    ///   - family: the family asked for; the widget's first supported family by default.
    ///   - date: what `context.date` reads: the host's clock (`Date()` in the widget's code is the
    ///     real one).
    ///   - mode: the timeline, or the gallery's snapshot or the placeholder (one entry each).
    /// - Throws: ``WidgetTestingError``: a family the widget does not support, a parameter it does
    ///   not have, a timeline without entries, or what the provider threw.
    public func timeline(
        of widget: some Widget, family: WidgetFamily? = nil, configuration: [String: JSONValue] = [:],
        at date: Date = Date(), mode: WidgetRequest.Mode = .timeline
    ) async throws(WidgetTestingError) -> WidgetTimeline {
        let configured = try Self.configuration(of: widget)
        let family = try Self.family(family, of: configured)
        let names = Set(configured.parameters.map(\.name))
        for key in configuration.keys.sorted() where !names.contains(key) {
            let known = configured.parameters.map(\.name)
            throw .unknownParameter(
                "'\(configured.metadata.kind)' has no parameter '\(key)'"
                    + (known.isEmpty
                        ? " (it is not configurable)" : "; its parameters: " + known.joined(separator: ", ")))
        }
        let context = TimelineProviderContext(
            family: family, isPreview: mode == .snapshot, date: date, container: container)
        let request = WidgetRequest(mode: mode, configuration: configuration, context: context)
        let drawn: RenderedTimeline
        do {
            drawn = try await AppGroupTurns.shared.taking(appGroup) {
                try await RequestHandler.withAppGroupDefaults(of: self.container) {
                    try await configured.render(request)
                }
            }
        } catch {
            throw .providerFailed("the provider of '\(configured.metadata.kind)' failed: \(error)")
        }
        switch WidgetEvaluator.evaluation(of: drawn, at: date) {
        case .success(let evaluation):
            return WidgetTimeline(
                kind: configured.metadata.kind, family: family, date: date,
                entries: evaluation.timeline.entries,
                policy: evaluation.timeline.policy, current: evaluation.current,
                nextReload: evaluation.nextReload)
        case .failure(let failure):
            throw .providerFailed("'\(configured.metadata.kind)': \(failure.message)")
        }
    }

    /// The timeline of `widget` configured by `configuration`, the widget's configuration intent
    /// with its parameters set (see `timeline(of:family:configuration:at:mode:)`).
    public func timeline<Intent: WidgetConfigurationIntent>(
        of widget: some Widget, family: WidgetFamily? = nil, configuration: Intent, at date: Date = Date(),
        mode: WidgetRequest.Mode = .timeline
    ) async throws(WidgetTestingError) -> WidgetTimeline {
        try await timeline(
            of: widget, family: family, configuration: Self.values(of: configuration), at: date, mode: mode)
    }

    /// The timeline of an `IntentConfiguration` widget configured by `configuration`, its SiriKit
    /// intent with its parameters set (`intent.maxTasks = 2`).
    public func timeline<Intent: INIntent>(
        of widget: some Widget, family: WidgetFamily? = nil, configuration: Intent, at date: Date = Date(),
        mode: WidgetRequest.Mode = .timeline
    ) async throws(WidgetTestingError) -> WidgetTimeline {
        try await timeline(
            of: widget, family: family, configuration: Self.values(of: configuration), at: date, mode: mode)
    }

    /// The parameters of `intent` that are set, by name.
    private static func values(of intent: some Sendable) -> [String: JSONValue] {
        var values: [String: JSONValue] = [:]
        if case .object(let members) = ParameterReflection.values(of: intent) {
            for member in members where member.value != .null { values[member.key] = member.value }
        }
        return values
    }

    /// `entry` drawn by `widget`'s view in `family`, as its provider's entries are (a preview's
    /// entry, as Xcode's `#Preview(as:widget:timeline:)` takes it).
    ///
    /// - Throws: ``WidgetTestingError`` when `entry` is not of the widget's entry type or the
    ///   family is not one it supports.
    public func entry(of widget: some Widget, _ entry: some TimelineEntry, family: WidgetFamily? = nil)
        throws(WidgetTestingError) -> RenderedEntry
    {
        let configured = try Self.configuration(of: widget)
        let family = try Self.family(family, of: configured)
        guard let drawing = configured as? any EntryDrawing else {
            throw .invalidArgument("'\(configured.metadata.kind)' does not draw entries of its own")
        }
        let context = TimelineProviderContext(
            family: family, isPreview: false, date: entry.date, container: container)
        let drawn: RenderedEntry?
        do {
            drawn = try drawing.draw(entry, in: context)
        } catch {
            throw .providerFailed("cannot draw the entry of '\(configured.metadata.kind)': \(error)")
        }
        guard let drawn else {
            throw .invalidArgument(
                "'\(configured.metadata.kind)' does not draw entries of type \(type(of: entry as Any))")
        }
        return drawn
    }

    /// `entry`'s view laid out as a widget of `family` in `colorScheme`: where everything is, as
    /// `widgethost run --format layout` gives it.
    public func layout(of entry: RenderedEntry, family: WidgetFamily, colorScheme: ColorScheme = .light)
        -> WidgetLayout
    {
        LayoutEngine.layout(entry.view, family: family, colorScheme: colorScheme, device: device)
    }

    /// `entry`'s view drawn as a widget of `family` in `colorScheme`: PNG bytes, as
    /// `widgethost run --format png` draws it.
    /// - Throws: ``WidgetTestingError`` when Cairo cannot draw it.
    public func png(of entry: RenderedEntry, family: WidgetFamily, colorScheme: ColorScheme = .light)
        throws(WidgetTestingError) -> [UInt8]
    {
        do throws(PNGRenderingError) {
            return try renderer.png(of: layout(of: entry, family: family, colorScheme: colorScheme))
        } catch {
            throw .providerFailed(error.message)
        }
    }

    /// The shared default `key` of the App Group's store (what `UserDefaults(suiteName:)` and
    /// `@AppStorage` keep there, as text), or `nil`.
    /// - Throws: ``WidgetTestingError`` when the store cannot be opened or read.
    public func sharedDefault(_ key: String) throws(WidgetTestingError) -> String? {
        do {
            return try store().string(forKey: key)
        } catch {
            throw .fileSystem("cannot read '\(key)' of the App Group's shared defaults: \(error)")
        }
    }

    /// Sets the shared default `key` of the App Group's store to `value` (`nil` removes it), as the
    /// app does before its widget reads it.
    /// - Throws: ``WidgetTestingError`` when the store cannot be opened or written.
    public func setSharedDefault(_ value: String?, forKey key: String) throws(WidgetTestingError) {
        do {
            try store().setString(value, forKey: key)
        } catch {
            throw .fileSystem("cannot write '\(key)' of the App Group's shared defaults: \(error)")
        }
    }

    /// The App Group's store, made on first use and kept open with the container (the connection
    /// the widget's shared defaults use too).
    private func store() throws -> AppGroupStore {
        let url = containerURL
        return try container.attachment(AppGroupStore.self) {
            try AppGroupStore.openShared(directory: url, lockTimeout: StoreLockTimeout.default.duration)
        }
    }

    /// The configuration of `widget` the host runs (its body's).
    static func configuration(of widget: some Widget) throws(WidgetTestingError) -> any WidgetConfiguration {
        guard let configuration = widget._configurations().first else {
            throw .invalidArgument("\(type(of: widget)) has no configuration widgethost draws")
        }
        return configuration
    }

    /// `family`, or the widget's first; refused when the widget does not support it.
    static func family(_ family: WidgetFamily?, of configuration: any WidgetConfiguration)
        throws(WidgetTestingError) -> WidgetFamily
    {
        let supported = configuration.metadata.supportedFamilies
        guard let family = family ?? supported.first else {
            throw .invalidArgument("'\(configuration.metadata.kind)' supports no family")
        }
        guard supported.contains(family) else {
            throw .unsupportedFamily(
                "'\(configuration.metadata.kind)' does not support \(family.rawValue); it supports "
                    + supported.map(\.rawValue).joined(separator: ", "))
        }
        return family
    }
}
