import WidgetHostKit

/// A FocusWidget's view, as seed 002's `FocusWidgetView`: a moon, the state, and a toggle that
/// sets the opposite state.
struct FocusWidgetView: View {
    let entry: FocusEntry

    var body: some View {
        VStack(spacing: 16) {
            Image(systemName: entry.isFocusModeOn ? "moon.fill" : "moon")
                .font(.system(size: 40))
                .contentTransition(.symbolEffect(.replace))
            Text(entry.isFocusModeOn ? "Focus On" : "Focus Off")
            Toggle(isOn: entry.isFocusModeOn, intent: ToggleFocusModeIntent(value: !entry.isFocusModeOn))
                .toggleStyle(.switch)
        }
        .containerBackground(Color.fill.tertiary, for: .widget)
    }
}
