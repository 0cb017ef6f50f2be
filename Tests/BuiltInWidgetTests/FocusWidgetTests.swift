import AppGroup
import Diagnostics
import Foundation
import TaskStore
import Testing
@_spi(WidgetHost) import WidgetHostKit

@testable import FocusWidget

@Suite struct FocusWidgetTests {
    @Test(arguments: [false, true])
    func entryIsTheStoredFocusMode(_ isOn: Bool) async throws {
        let temporary = try TemporaryContainer(focus: isOn)
        let timeline = try await temporary.render(FocusWidget().body, family: .systemSmall)
        #expect(timeline.entries.first?.data.description == #"{"isFocusModeOn":\#(isOn)}"#)
        #expect(timeline.entries.first?.date == Fixtures.now)
        #expect(timeline.policy == .never)
    }

    @Test func focusIsOffInANewStore() async throws {
        let temporary = try TemporaryContainer()
        let timeline = try await temporary.render(FocusWidget().body, family: .systemSmall)
        #expect(timeline.entries.first?.data == .object([.init("isFocusModeOn", .bool(false))]))
    }

    @Test func toggleIsBoundToTheOppositeValue() async throws {
        let off = try await TemporaryContainer(focus: false).render(FocusWidget().body, family: .systemSmall)
        #expect(
            off.entries.first?.view.json.description
                == #"{"type":"vstack","spacing":16,"modifiers":[{"type":"containerBackground","style":"fill.tertiary"}],"#
                + #""children":[{"type":"image","systemName":"moon","modifiers":[{"type":"font","size":40},"#
                + #"{"type":"contentTransition","transition":"symbolEffect","effect":"replace"}]},"#
                + #"{"type":"text","text":"Focus Off"},{"type":"toggle","isOn":false,"#
                + #""intent":{"type":"ToggleFocusModeIntent","parameters":{"value":true}},"#
                + #""modifiers":[{"type":"toggleStyle","style":"switch"}],"children":[]}]}"#
        )
        let on = try await TemporaryContainer(focus: true).render(FocusWidget().body, family: .systemSmall)
        #expect(
            on.entries.first?.view.json.description
                == #"{"type":"vstack","spacing":16,"modifiers":[{"type":"containerBackground","style":"fill.tertiary"}],"#
                + #""children":[{"type":"image","systemName":"moon.fill","modifiers":[{"type":"font","size":40},"#
                + #"{"type":"contentTransition","transition":"symbolEffect","effect":"replace"}]},"#
                + #"{"type":"text","text":"Focus On"},{"type":"toggle","isOn":true,"#
                + #""intent":{"type":"ToggleFocusModeIntent","parameters":{"value":false}},"#
                + #""modifiers":[{"type":"toggleStyle","style":"switch"}],"children":[]}]}"#
        )
    }

    @Test(arguments: [true, false])
    func toggleFocusModeSetsTheStoreAndReloads(_ value: Bool) async throws {
        let temporary = try TemporaryContainer(focus: !value)
        let result = try await temporary.perform(ToggleFocusModeIntent(value: value))
        #expect(result.value == .bool(value))
        #expect(try temporary.store().isFocusModeOn() == value)
        #expect(temporary.reloads.kinds == ["FocusWidget"])
        let timeline = try await temporary.render(FocusWidget().body, family: .systemSmall)
        #expect(timeline.entries.first?.data["isFocusModeOn"] == .bool(value))
    }

    @Test func tappingTheToggleFlipsFocusMode() async throws {
        let temporary = try TemporaryContainer()
        for expected in [true, false, true] {
            let before = try await temporary.render(FocusWidget().body, family: .systemSmall)
            let reference = try #require(before.entries.first?.view.controls.first?.intent)
            let intent = ToggleFocusModeIntent()
            for (name, parameter) in ParameterReflection.parameters(of: intent) {
                #expect(parameter.set(json: try #require(reference.parameters[name])))
            }
            _ = try await temporary.perform(intent)
            #expect(try temporary.store().isFocusModeOn() == expected)
        }
    }

    @Test func toggleFocusModeOutsideAHostSaysWhatIsMissing() async throws {
        let error = await #expect(throws: IntentEnvironment.Missing.self) {
            _ = try await ToggleFocusModeIntent(value: true).perform()
        }
        #expect(error?.code == "intent.no-container")
    }

    @Test func placeholderDoesNotReadTheStoreAndAnUnreadableStoreFailsTheWidget() async throws {
        let temporary = try TemporaryContainer()
        let file = temporary.url.appendingPathComponent("file")
        try Data().write(to: file)
        let context = TimelineProviderContext(
            family: .systemSmall, isPreview: false, date: Fixtures.now,
            container: SharedContainer(url: file.appendingPathComponent("store"))
        )
        let placeholder = try await FocusWidget().body.render(
            WidgetRequest(mode: .placeholder, configuration: [:], context: context))
        #expect(placeholder.entries.first?.data == .object([.init("isFocusModeOn", .bool(false))]))

        for mode in [WidgetRequest.Mode.snapshot, .timeline] {
            let error = await #expect(throws: AppGroupError.self) {
                try await FocusWidget().body.render(
                    WidgetRequest(mode: mode, configuration: [:], context: context))
            }
            #expect(error?.code.rawValue == "store.unwritable")
        }
    }

    @Test func metadataAndBundle() {
        let configuration = FocusWidget().body
        #expect(configuration.metadata.kind == "FocusWidget")
        #expect(configuration.metadata.displayName == "Focus")
        #expect(
            configuration.metadata.supportedFamilies == [
                .systemSmall, .systemMedium, .systemLarge, .systemExtraLarge,
            ])
        #expect(!configuration.isConfigurable)
        #expect(configuration.parameters.isEmpty)
        #expect(FocusWidgetBundle().widgets.map(\.metadata.kind) == ["FocusWidget"])
        #expect(FocusWidgetBundle().intents.map { $0.intentType } == ["ToggleFocusModeIntent"])
        let parameters = ParameterReflection.descriptions(of: ToggleFocusModeIntent())
        #expect(parameters == [ParameterDescription(name: "value", title: "Focus Mode", type: .boolean)])
    }
}
