/// Xcode's preview of a view (`#Preview { MyView() }`, `#Preview("Dark") { ... }`): type-checked
/// as on iOS, shown nowhere (widgethost has no canvas; `run --format png` draws a widget).
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View) =
    #externalMacro(module: "WidgetHostMacros", type: "PreviewMacro")
