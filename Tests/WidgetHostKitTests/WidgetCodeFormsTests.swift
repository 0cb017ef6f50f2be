import Foundation
import Testing
@_spi(WidgetHost) import WidgetHostKit

// Forms of SwiftUI and AppIntents that real widget extensions use (IceCubesApp, NetNewsWire,
// Home Assistant, Mastodon, Simplenote, Pocket Casts, Habitica and others, surveyed): each
// compiles as written there, and draws through the vocabulary.

/// An entry as real extensions write them: not `Encodable`, holding an enumeration of its own, a
/// model class, an optional, a dictionary and a `@State`.
private struct NoteEntry: TimelineEntry {
    enum State {
        case standard
        case loggedOut(reason: String)
    }

    final class Account: Sendable {
        let name: String
        let followers: Int

        init(name: String, followers: Int) {
            self.name = name
            self.followers = followers
        }
    }

    @WidgetHostKit.State var date: Date
    let state: State
    let account: Account
    let tag: String?
    let counts: [String: Int]
    let titles: [String]
}

private struct NoteProvider: TimelineProvider {
    func placeholder(in context: Context) -> NoteEntry {
        NoteEntry(
            date: context.date, state: .loggedOut(reason: "no account"),
            account: NoteEntry.Account(name: "ada", followers: 3), tag: nil, counts: ["a": 1],
            titles: ["One", "Two"])
    }

    func getSnapshot(in context: Context, completion: @escaping @Sendable (NoteEntry) -> Void) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<NoteEntry>) -> Void) {
        completion(Timeline(entries: [placeholder(in: context)], policy: .never))
    }
}

/// A modifier of the extension's own (Simplenote's `Filling`, Home Assistant's tile style).
private struct CardStyle: ViewModifier {
    let radius: Double

    func body(content: Content) -> some View {
        content
            .padding(8)
            .background(.fill.tertiary, in: .rect(cornerRadius: radius, style: .continuous))
    }
}

/// A key of the extension's own, read below where it is written.
private struct AccentKey: EnvironmentKey {
    static var defaultValue: String { "blue" }
}

extension EnvironmentValues {
    fileprivate var accent: String {
        get { self[AccentKey.self] }
        set { self[AccentKey.self] = newValue }
    }
}

private struct AccentReader: View {
    @Environment(\.accent) var accent
    @Environment(\.colorScheme) var scheme
    @Environment(\.sizeCategory) var size

    var body: some View {
        Text("\(accent) \(scheme == .dark ? "dark" : "light") \(size.isAccessibilityCategory)")
    }
}

/// A model object as Pocket Casts' and Habitica's widgets hold one.
private final class EpisodeModel: ObservableObject {
    @Published var title = "Episode 12"
    @Published var isPlaying = false
}

private struct EpisodeView: View {
    @ObservedObject var episode: EpisodeModel
    @StateObject var owned = EpisodeModel()

    var body: some View {
        Text(episode.isPlaying ? "Playing \(episode.title)" : owned.title)
    }
}

/// Choices of the wrapped type for an optional parameter (Home Assistant's cameras).
private struct CameraOptions: DynamicOptionsProvider {
    func results() async throws -> [String] { ["Porch", "Garage"] }
}

/// A query that also searches, as Home Assistant's servers'.
private struct RoomQuery: EntityStringQuery {
    func entities(for identifiers: [String]) async throws -> [Room] { identifiers.map(Room.init) }
    func entities(matching string: String) async throws -> [Room] { [Room(id: string)] }
}

private struct Room: AppEntity {
    static var typeDisplayRepresentation: TypeDisplayRepresentation { "Room" }
    static var defaultQuery: RoomQuery { RoomQuery() }
    let id: String
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(id)") }
}

private struct SetLightIntent: SetValueIntent {
    static var title: LocalizedStringResource { "Light" }
    @Parameter(title: "On") var value: Bool
    @Parameter(title: "Camera", optionsProvider: CameraOptions()) var camera: String?

    func perform() async throws -> some IntentResult { .result() }
}

/// A control as Home Assistant writes its switches: a label closure, a tint.
private struct LightControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "Light") {
            ControlWidgetToggle(isOn: true, action: SetLightIntent()) {
                Label("Light", systemImage: "lightbulb")
            }
            .tint(.yellow)
        }
        .displayName("Light")
    }
}

/// An image style of the extension's own, after `.resizable()` (Pocket Casts' artwork).
extension Image {
    fileprivate func artworkStyle() -> some View {
        self.renderingMode(.original).frame(width: 20, height: 20)
    }
}

/// A configuration widget whose configuration intent is its provider's (no `intent:` argument).
private struct CityIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "City" }
    @Parameter(title: "City", default: "Oslo") var city: String
}

private struct CityProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> CityEntry { CityEntry(date: context.date, city: "Oslo") }
    func snapshot(for configuration: CityIntent, in context: Context) async -> CityEntry {
        CityEntry(date: context.date, city: configuration.city)
    }
    func timeline(for configuration: CityIntent, in context: Context) async -> Timeline<CityEntry> {
        Timeline(entries: [CityEntry(date: context.date, city: configuration.city)], policy: .never)
    }
}

private struct CityEntry: TimelineEntry {
    let date: Date
    let city: String
}

private struct PlayIntent: AudioPlaybackIntent {
    static var title: LocalizedStringResource { "Play" }
    func perform() async throws -> some IntentResult { .result() }
}

private struct IntentWithResourceTitles: AppIntent {
    static var title: LocalizedStringResource { "Open" }
    @Parameter(title: .init("server.title", defaultValue: "Server")) var server: String?
    @Parameter(title: "Count", default: 2) var count: Int

    func perform() async throws -> some IntentResult { .result() }
}

@Suite struct WidgetCodeFormsTests {
    private static func modifiers(_ view: some View) -> [String] {
        ViewRenderer.root(of: view).modifiers.map(\.json.description)
    }

    @Test func anEntryNeedNotBeEncodableItsStoredPropertiesAreItsData() async throws {
        let configuration = StaticConfiguration(kind: "Notes", provider: NoteProvider()) { entry in
            Text(entry.account.name)
        }
        let rendered = try await configuration.render(Fixtures.request(.timeline))
        let data = try #require(rendered.entries.first?.data)
        #expect(
            data.description
                == #"{"state":{"loggedOut":{"reason":"no account"}},"account":{"name":"ada","followers":3},"#
                + #""tag":null,"counts":{"a":1},"titles":["One","Two"]}"#)
        #expect(rendered.entries.first?.view == ViewNode(type: .text, text: "ada"))
        // An encodable entry is still what its `Encodable` writes.
        struct Plain: TimelineEntry, Encodable {
            let date: Date
            let value: Int
            enum CodingKeys: String, CodingKey {
                case date
                case value = "renamed"
            }
        }
        #expect(try EntryData.json(of: Plain(date: Fixtures.now, value: 4))["renamed"] == .int(4))
    }

    @Test func anyViewAndAViewModifierOfTheExtensionsOwnDrawWhatTheyWrap() {
        let erased = AnyView(Text("a").bold())
        #expect(ViewRenderer.root(of: erased) == ViewRenderer.root(of: Text("a").bold()))
        let carded = Text("b").modifier(CardStyle(radius: 12))
        #expect(
            Self.modifiers(carded) == [
                #"{"type":"padding","edges":"all","length":8}"#,
                #"{"type":"background","style":"fill.tertiary","shape":"roundedRectangle","cornerRadius":12}"#,
            ])
    }

    @Test func theEnvironmentWrittenIsReadByTheViewsInside() {
        let plain = ViewRenderer.root(of: AccentReader())
        #expect(plain.text == "blue light false")
        let written = ViewRenderer.root(
            of: AccentReader()
                .environment(\.accent, "red")
                .environment(\.colorScheme, .dark)
                .environment(\.sizeCategory, .accessibilityLarge))
        #expect(written.text == "red dark true")
        // Only inside: the view beside it reads the host's values.
        let beside = ViewRenderer.root(
            of: VStack {
                AccentReader().environment(\.accent, "green")
                AccentReader()
            })
        #expect(beside.children.map(\.text) == ["green light false", "blue light false"])
    }

    @Test func paddingByEdgeInsetsIsAPaddingForEachLength() {
        #expect(
            Self.modifiers(Text("a").padding(EdgeInsets(top: 12, leading: 29, bottom: 12, trailing: 29)))
                == [
                    #"{"type":"padding","edges":"vertical","length":12}"#,
                    #"{"type":"padding","edges":"horizontal","length":29}"#,
                ])
        #expect(
            Self.modifiers(Text("a").padding(EdgeInsets(top: 4, leading: 0, bottom: 0, trailing: 8)))
                == [
                    #"{"type":"padding","edges":"top","length":4}"#,
                    #"{"type":"padding","edges":"trailing","length":8}"#,
                ])
        #expect(Self.modifiers(Text("a").padding(EdgeInsets())) == [])
    }

    @Test func shapesByTheirShortNamesAndCornerStyles() {
        let view = Text("a")
            .clipShape(.capsule)
            .background(.red, in: .circle)
            .background(.blue, in: .rect)
            .clipShape(RoundedRectangle(cornerRadius: 6, style: .continuous))
            .clipShape(Capsule(style: .continuous))
            .background(.green, in: .containerRelative)
        #expect(
            Self.modifiers(view) == [
                #"{"type":"clipShape","shape":"capsule"}"#,
                #"{"type":"background","style":"red","shape":"circle"}"#,
                #"{"type":"background","style":"blue","shape":"rectangle"}"#,
                #"{"type":"clipShape","shape":"roundedRectangle","cornerRadius":6}"#,
                #"{"type":"clipShape","shape":"capsule"}"#,
                #"{"type":"background","style":"green","shape":"containerRelative"}"#,
            ])
        let outlined = ViewRenderer.root(of: Circle().strokeBorder(.white, lineWidth: 2))
        #expect(
            outlined.modifiers.last?.json.description
                == #"{"type":"ignored","api":"Shape.strokeBorder(_:lineWidth:)"}"#)
    }

    @Test(arguments: [false, true])
    func aBackgroundOrAnOverlayMayBeAViewOrNothing(isOn: Bool) {
        let styles = Self.modifiers(
            Text("a").background(Color.teal).background(isOn ? Color.green : nil).background(.red.gradient)
                .background(Color.blue.gradient))
        #expect(
            styles
                == [#"{"type":"background","style":"teal"}"#]
                + (isOn ? [#"{"type":"background","style":"green"}"#] : [])
                + [#"{"type":"background","style":"red"}"#, #"{"type":"background","style":"blue"}"#])
        let circled = Self.modifiers(Text("a").background(Circle().stroke(Color.white, lineWidth: 4)))
        #expect(circled.count == 1 && circled[0].hasPrefix(#"{"type":"background","view":{"type":"spacer""#))
        #expect(
            Self.modifiers(Text("a").overlay(Text("New"), alignment: .top)) == [
                #"{"type":"overlay","alignment":"top","view":{"type":"text","text":"New"}}"#
            ])
    }

    @Test func coloursOfEveryForm() {
        #expect(
            Color(white: 1, opacity: 0.5).styleMembers.map(\.value) == [.string("#FFFFFF"), .double(0.5)])
        #expect(Color(.sRGB, red: 1, green: 0, blue: 0, opacity: 1).name == "#FF0000")
        #expect(Color(.sRGB, white: 0).name == "#000000")
        #expect(Color(hue: 0, saturation: 1, brightness: 1).name == "#FF0000")
        #expect(Color(hue: 1 / 3, saturation: 1, brightness: 1).name == "#00FF00")
        #expect(Color(hue: 2 / 3, saturation: 1, brightness: 0.5).name == "#000080")
        #expect(Color(hue: 0.5, saturation: 0, brightness: 0.6).name == "#999999")
        #expect(Color(hue: .nan, saturation: 2, brightness: -1).name == "#000000")
        #expect(ViewRenderer.root(of: Color.orange.gradient) == ViewRenderer.root(of: Color.orange))
        // An asset catalog's colour: there is none, so the accent colour.
        #expect(Color("WidgetBackground").name == "accentColor")
    }

    @Test func textsFontsAndAccessibilityOfRealCode() throws {
        var attributed = AttributedString("Hello ")
        attributed += AttributedString("world")
        #expect(ViewRenderer.root(of: Text(attributed)).text == "Hello world")
        #expect(Font.headline.monospacedDigit() == Font.headline)
        #expect(Font.custom("Avenir", size: 14) == Font.system(size: 14))
        let view = Text("a")
            .accessibilityLabel("a").fontDesign(.rounded).lineSpacing(2).accessibilityLabel(Text("A"))
            .accessibilityValue("1").accessibilityElement(children: .combine).accessibility(hidden: true)
            .colorScheme(.dark).onAppear {}
        #expect(
            ViewRenderer.root(of: view).modifiers.compactMap { $0["api"]?.stringValue } == [
                "accessibilityLabel(_:)", "fontDesign(_:)", "lineSpacing(_:)", "accessibilityLabel(_:)",
                "accessibilityValue(_:)",
                "accessibilityElement(children:)", "accessibility(hidden:)", "colorScheme(_:)",
            ])
    }

    @Test func aUUIDIsAParameterValueAndAGalleryNameMayBeAText() throws {
        let id = try #require(UUID(uuidString: "0EBD2090-C844-442D-82AC-2583D6834FA5"))
        #expect(UUID(json: id.json) == id)
        #expect(UUID(json: .string("not a uuid")) == nil && UUID(json: .int(1)) == nil)
        #expect(UUID.parameterType == .string)
        let configuration = StaticConfiguration(kind: "Notes", provider: NoteProvider()) { _ in Text("a") }
            .configurationDisplayName(Text("Notes", comment: "The widget's name"))
            .description(Text("Your notes"))
        #expect(configuration.metadata.displayName == "Notes")
        #expect(configuration.metadata.description == "Your notes")
        #expect(WidgetLocation.carPlay != WidgetLocation.homeScreen)
    }

    /// `Text + Text`, as Home Assistant and NetNewsWire write it: one text node of the strings
    /// joined (a date formatted from the entry's date), with the modifiers every part has; parts
    /// styled apart are drawn in the style they share, and the host is told.
    @Test func textsJoinedWithPlusAreOneText() {
        let drawingDate = Date(timeIntervalSince1970: 1_000_000)
        let environment = EnvironmentValues(drawingDate: drawingDate)
        let same = ViewRenderer.root(
            of: (Text("Due ") + Text(drawingDate.addingTimeInterval(3_600), style: .relative)).font(.caption),
            in: environment)
        #expect(same.type == .text && same.text == "Due 1 hour" && same.date == nil)
        #expect(same.modifiers.map(\.json.description) == [#"{"type":"font","style":"caption"}"#])
        let styled = ViewRenderer.root(
            of: Text("3").bold().foregroundStyle(.red) + Text(" left").foregroundStyle(.red) + Text("!"),
            in: environment)
        #expect(styled.text == "3 left!")
        #expect(
            styled.modifiers.map(\.json.description) == [
                #"{"type":"ignored","api":"Text + Text in different styles (drawn in the style they share)"}"#
            ])
        let twoStyled = ViewRenderer.root(
            of: Text("a").foregroundColor(.red) + Text("b").foregroundColor(.red))
        #expect(twoStyled.modifiers.map(\.json.description) == [#"{"type":"foregroundStyle","style":"red"}"#])
        // A text so styled is a text: its modifiers are recorded as the view's were.
        let bold: Text = Text("x").bold().font(nil).italic()
        #expect(
            ViewRenderer.root(of: bold).modifiers.map(\.json.description) == [
                #"{"type":"fontWeight","weight":"bold"}"#, #"{"type":"ignored","api":"italic()"}"#,
            ])
        #expect((Text("a") + Text("b")).content == "ab")
    }

    /// Grids as stacks: a lazy grid's cells in lines of its columns (an adaptive column as many as
    /// fit the family's content), each cell framed to its column; a grid's rows as written.
    @Test func gridsAreStacksOfLinesOfCells() {
        func texts(_ count: Int) -> ViewGroup {
            ViewGroup((0..<count).map { ViewNode(type: .text, text: "\($0)") })
        }
        let twoColumns = ViewRenderer.root(
            of: LazyVGrid(columns: [GridItem(.flexible()), GridItem(.fixed(40))], spacing: 4) { texts(3) })
        #expect(twoColumns.type == .vstack && twoColumns.spacing == 4)
        #expect(twoColumns.children.map(\.type) == [.hstack, .hstack])
        #expect(twoColumns.children[1].children.map(\.type) == [.text, .spacer])
        #expect(
            twoColumns.children[0].children.map { $0.modifiers.map(\.json.description) } == [
                [#"{"type":"frame","maxWidth":"infinity"}"#], [#"{"type":"frame","width":40}"#],
            ])
        // systemMedium's content is 332 points across: five columns of at least 60, 8 apart.
        let adaptive = ViewRenderer.root(
            of: LazyVGrid(columns: [GridItem(.adaptive(minimum: 60))]) { texts(7) },
            in: EnvironmentValues(widgetFamily: .systemMedium))
        #expect(adaptive.children.map(\.children.count) == [5, 5])
        let rows = ViewRenderer.root(of: LazyHGrid(rows: [GridItem(), GridItem()]) { texts(4) })
        #expect(rows.type == .hstack && rows.children.map(\.type) == [.vstack, .vstack])
        #expect(
            rows.children[0].children[0].modifiers.first?.json.description
                == #"{"type":"frame","maxHeight":"infinity"}"#)
        let grid = ViewRenderer.root(
            of: Grid(verticalSpacing: 2) {
                GridRow {
                    Text("a")
                    Text("b")
                }
                GridRow { Text("c") }
            })
        #expect(grid.type == .vstack && grid.spacing == 2 && grid.children.map(\.children.count) == [2, 1])
    }

    @Test func modelObjectsAreReadWhenTheViewIsDrawn() {
        let model = EpisodeModel()
        #expect(ViewRenderer.root(of: EpisodeView(episode: model)).text == "Episode 12")
        model.isPlaying = true
        #expect(ViewRenderer.root(of: EpisodeView(episode: model)).text == "Playing Episode 12")
    }

    @Test func anOptionalParametersChoicesAreItsWrappedTypesAndAQueryMaySearch() async throws {
        let intent = SetLightIntent()
        let description = ParameterReflection.descriptions(of: intent).first { $0.name == "camera" }
        #expect(description?.hasDynamicOptions == true && description?.isOptional == true)
        let options = try await ParameterReflection.options(
            of: intent, parameter: "camera",
            container: SharedContainer(url: URL(fileURLWithPath: "/nonexistent")),
            date: Fixtures.now)
        #expect(options == [.string("Porch"), .string("Garage")])
        #expect(try await RoomQuery().entities(matching: "Kitchen").map(\.id) == ["Kitchen"])
        // The control compiles as Home Assistant writes it; widgethost leaves controls out.
        _ = LightControl().body
    }

    @Test func smallerFormsOfRealCode() async throws {
        let artwork = ViewRenderer.root(of: Image(systemName: "music.note").resizable().artworkStyle())
        #expect(
            artwork.modifiers.map { $0["api"]?.stringValue ?? $0.type.rawValue } == [
                "resizable()", "renderingMode(_:)", "frame",
            ])
        let entity = DisplayRepresentation(
            title: "Kitchen", subtitle: "2 lights", image: .init(systemName: "lightbulb"))
        #expect(
            entity.title == "Kitchen" && entity.subtitle == "2 lights"
                && entity.image?.systemName == "lightbulb")
        let server: String? = "Home"
        let resourced = DisplayRepresentation(
            title: "\(entity.title)", subtitle: server.map { LocalizedStringResource(stringLiteral: $0) })
        #expect(resourced.title == "Kitchen" && resourced.subtitle == "Home")
        #expect(
            TypeDisplayRepresentation(name: .init("calendar.title", defaultValue: "Calendar")).name
                == "Calendar")
        let configured = AppIntentConfiguration(kind: "City", provider: CityProvider()) { entry in
            Text(entry.city)
        }
        let rendered = try await configured.render(Fixtures.request(.timeline))
        #expect(rendered.entries.first?.view.text == "Oslo")
        #expect(ViewRenderer.root(of: Label("Logo", image: "logo")).children.first?.systemName == "photo")
        #expect(WidgetFamily.systemMedium.description == "systemMedium")
        #expect(Color.tint.name == "accentColor")
        #expect(Color(UIColor.tertiarySystemFill).name == "fill.tertiary")
        let ring = ViewRenderer.root(
            of: Circle().trim(from: 0, to: 0.5).rotation(.degrees(-90)).stroke(.tint))
        #expect(ring.modifiers.first?["shape"]?.stringValue == "circle")
        let toggle = ViewRenderer.root(of: Toggle(isOn: true, intent: PlayIntent()) { Text("Play") })
        #expect(toggle.intent?.type == "PlayIntent")
    }

    /// A container's closure may return its view (Home Assistant's `Group { switch ... return
    /// AnyView(...) }`): an explicit `return` turns the builder off, as in SwiftUI, and the view
    /// returned is the content.
    @Test(arguments: [0, 1])
    func aContainersClosureMayReturnItsView(kind: Int) {
        let group = ViewRenderer.root(
            of: Group {
                switch kind {
                case 0: return AnyView(Text("text"))
                default: return AnyView(Image(systemName: "star"))
                }
            })
        #expect(group.type == (kind == 0 ? .text : .image))
        let rows = ViewRenderer.root(
            of: VStack { return ForEach(0..<3, id: \.self) { index in return Text("\(index)") } })
        #expect(rows.children.map(\.text) == ["0", "1", "2"])
        let button = ViewRenderer.root(of: Button(intent: PlayIntent()) { return Text("Play") })
        #expect(button.children.first?.text == "Play")
    }

    @Test func aParameterTitledByAResourceShowsItsDefaultValue() {
        let titles = ParameterReflection.parameters(of: IntentWithResourceTitles()).map {
            $0.parameter.describe(name: $0.name).title
        }
        #expect(titles == ["Server", "Count"])
    }
}

// Pocket Casts' play toggle: a ToggleStyle of the widget's own draws the toggle.
private struct PlayEpisodeIntent: AppIntent {
    static let title: LocalizedStringResource = "Play Episode"
    func perform() async throws -> some IntentResult { .result() }
}

private struct PlayToggleStyle: ToggleStyle {
    let tint: Color

    func makeBody(configuration: Configuration) -> some View {
        HStack(spacing: 0) {
            Image(systemName: configuration.isOn ? "pause.fill" : "play.fill")
                .foregroundStyle(tint)
            configuration.label
        }
    }
}

@Suite struct ToggleStyleFormsTests {
    @Test func aToggleStyleOfTheWidgetsOwnDrawsTheToggleAndKeepsItsIntent() {
        let view = ViewRenderer.root(
            of: VStack {
                Toggle(isOn: true, intent: PlayEpisodeIntent()) { Text("Episode 12") }
                Text("Up next")
            }
            .toggleStyle(PlayToggleStyle(tint: .orange)))
        let toggle = view.children[0]
        #expect(toggle.type == .toggle && toggle.isOn == true && toggle.intent != nil)
        #expect(toggle.modifiers.map(\.json.description) == [#"{"type":"toggleStyle","style":"custom"}"#])
        let body = toggle.children.first
        #expect(body?.type == .hstack)
        #expect(body?.children.map(\.type) == [.image, .text])
        #expect(body?.children.first?.systemName == "pause.fill")
        #expect(body?.children.last?.text == "Episode 12")
        // Other views are left as they are.
        #expect(view.children[1].modifiers.isEmpty)
    }
}
