// swift-format-ignore-file
import WidgetKit
import AppIntents

struct ConfigurationAppIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Configuration" }
    static var description: IntentDescription { "This is an example widget." }

    // An example configurable parameter.
    @Parameter(title: "Favorite Emoji", default: "😃")
    var favoriteEmoji: String
}

struct HelloTapIntent: AppIntent {
    static var title: LocalizedStringResource { "Tap" }

    @Parameter(title: "By", default: 1)
    var by: Int

    init() {}

    init(by: Int) {
        self.by = by
    }

    func perform() async throws -> some IntentResult & ReturnsValue<Int> & ProvidesDialog {
        WidgetCenter.shared.reloadTimelines(ofKind: "HelloWidget")
        return .result(value: by, dialog: "Tapped \(by)")
    }
}
