/// A control of Control Center and the lock screen (iOS 18's `ControlWidget`). widgethost has no
/// Control Center: a bundle's control compiles, is left out, and each widget of the bundle names it
/// as ignored, so the host warns about it.
public protocol ControlWidget {
    /// The control's configuration.
    associatedtype Body: ControlWidgetConfiguration
    /// Creates the control.
    init()
    /// The control's configuration.
    var body: Body { get }
}

/// What a ``ControlWidget`` declares (`StaticControlConfiguration`, `AppIntentControlConfiguration`).
public protocol ControlWidgetConfiguration {}

extension ControlWidgetConfiguration {
    /// The control's name in the gallery.
    public func displayName(_ name: LocalizedStringResource) -> Self { self }

    /// The control's description in the gallery.
    public func description(_ text: LocalizedStringResource) -> Self { self }

    /// Whether the control asks for its configuration when added.
    public func promptsForUserConfiguration() -> Self { self }
}

/// A control without configuration.
public struct StaticControlConfiguration: ControlWidgetConfiguration {
    /// The control's kind.
    public let kind: String

    /// A control of `kind` drawn by `content` from `provider`'s values.
    public init<Provider: ControlValueProvider, Content>(
        kind: String, provider: Provider, content: @escaping (Provider.Value) -> Content
    ) {
        self.kind = kind
    }

    /// A control of `kind` drawn by `content`.
    public init<Content>(kind: String, content: () -> Content) {
        self.kind = kind
    }
}

/// A control a person configures with `Intent`.
public struct AppIntentControlConfiguration: ControlWidgetConfiguration {
    /// The control's kind.
    public let kind: String

    /// A control of `kind` drawn by `content` from `provider`'s values.
    public init<Provider: AppIntentControlValueProvider, Content>(
        kind: String, provider: Provider, content: @escaping (Provider.Value) -> Content
    ) {
        self.kind = kind
    }

    /// A control of `kind` configured by `intent`, drawn by `content` from `provider`'s values.
    public init<Intent: ControlConfigurationIntent, Provider: AppIntentControlValueProvider, Content>(
        kind: String, intent: Intent.Type, provider: Provider,
        content: @escaping (Provider.Value) -> Content
    ) {
        self.kind = kind
    }
}

/// Gives a control's value.
public protocol ControlValueProvider {
    /// The value.
    associatedtype Value
    /// A value for the gallery.
    var previewValue: Value { get }
    /// The value now.
    func currentValue() async throws -> Value
}

/// Gives a configured control's value.
public protocol AppIntentControlValueProvider {
    /// The value.
    associatedtype Value
    /// The configuration intent.
    associatedtype Configuration: ControlConfigurationIntent
    /// A value for the gallery.
    func previewValue(configuration: Configuration) -> Value
    /// The value now.
    func currentValue(configuration: Configuration) async throws -> Value
}

/// The configuration of an `AppIntentControlConfiguration`: never performed, as a widget's.
public protocol ControlConfigurationIntent: WidgetConfigurationIntent {}

/// A control's switch, running `action` with the new value.
public struct ControlWidgetToggle {
    /// A switch titled `title`, on when `isOn`, setting `action`'s value, labelled by `valueLabel`.
    public init<Action: SetValueIntent>(
        _ title: String, isOn: Bool, action: Action, @ViewBuilder valueLabel: @escaping (Bool) -> ViewGroup
    ) {}

    /// A switch titled `title`, on when `isOn`, setting `action`'s value.
    public init<Action: SetValueIntent>(_ title: String, isOn: Bool, action: Action) {}

    /// A switch on when `isOn`, setting `action`'s value, labelled by `label`.
    public init<Action: SetValueIntent>(isOn: Bool, action: Action, @ViewBuilder label: () -> ViewGroup) {}

    /// A switch on when `isOn`, setting `action`'s value, labelled by `label` and, by its state,
    /// `valueLabel`.
    public init<Action: SetValueIntent>(
        isOn: Bool, action: Action, @ViewBuilder label: () -> ViewGroup,
        @ViewBuilder valueLabel: @escaping (Bool) -> ViewGroup
    ) {}
}

/// What a control draws (`ControlWidgetToggle`, `ControlWidgetButton`), as WidgetKit's
/// `ControlWidgetTemplate`; its modifiers are kept for source compatibility and change nothing.
public protocol ControlWidgetTemplate {}

extension ControlWidgetToggle: ControlWidgetTemplate {}
extension ControlWidgetButton: ControlWidgetTemplate {}

extension ControlWidgetTemplate {
    /// The control's tint.
    public func tint(_ color: Color?) -> Self { self }

    /// The action's name, as the system shows it.
    public func controlWidgetActionHint(_ hint: LocalizedStringResource) -> Self { self }
}

/// A control's button, running `action`.
public struct ControlWidgetButton {
    /// A button running `action`, labelled by `label`.
    public init<Action: AppIntent>(action: Action, @ViewBuilder label: () -> ViewGroup) {}
}
