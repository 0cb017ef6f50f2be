import Foundation
import TestSupport
import Testing

/// Task titles in the seeds' languages and in every script that is not one column a character,
/// drawn by `run` in every family: every line of every box is exactly its family's width in
/// terminal columns, measured here by a table of known widths (not by the renderer's own utf8proc),
/// and a cut title keeps its priority badge.
@Suite struct TextWidthTests {
    /// Titles, each with what makes it hard.
    static let titles = [
        "ทำงานบ้านให้เสร็จก่อนกำหนดส่งน้ำ",  // Thai: SARA AM (spacing), tone marks and vowels above (zero)
        "분기별 보고서 작성 및 팀 회의 준비하기 위한 자료 정리",  // Korean: two columns a syllable
        "会議の資料を準備して送る・確認",  // Japanese
        "ＦＵＬＬＷＩＤＴＨ　ＬＡＴＩＮ　ＴＩＴＬＥ",  // fullwidth Latin and an ideographic space
        "👨‍👩‍👧‍👦 family 🏳️‍🌈 party 👍🏽 done ✈️ trip",  // ZWJ sequences, skin tone, presentation selector
        "🇹🇭🇰🇷🇹🇷 flags of the three seeds",  // regional indicator pairs
        "Ça va? e\u{301}te\u{301} na\u{308}ive Görevi tamamla İstanbul",  // combining marks, Turkish
        "مرحبا بالعالم שלום עולם",  // Arabic and Hebrew
        "zero\u{200B}width\u{200D}joiner\u{2060}word",  // zero-width characters
    ]

    /// Inner widths of the boxes, by family (`WidgetBoxRenderer.size(of:)`).
    static let families = [
        ("systemSmall", 24), ("systemMedium", 48), ("systemLarge", 48), ("systemExtraLarge", 96),
        ("accessoryCircular", 9), ("accessoryRectangular", 24), ("accessoryInline", 32),
    ]

    /// The columns a terminal gives `character`, from a table of the ranges these titles use.
    static func columns(_ character: Character) -> Int {
        let scalars = character.unicodeScalars
        // An emoji sequence (a pictograph, a flag, a presentation selector) is one picture of two.
        if scalars.contains(where: { $0.value >= 0x1F000 || $0.value == 0xFE0F }) { return 2 }
        return scalars.reduce(0) { $0 + columns($1) }
    }

    static func columns(_ scalar: Unicode.Scalar) -> Int {
        switch scalar.value {
        case 0xAC00...0xD7A3, 0x4E00...0x9FFF, 0x3040...0x30FF, 0x3000...0x303E, 0xFF01...0xFF60: 2
        case 0x0300...0x036F, 0x0591...0x05C7, 0x064B...0x065F, 0x0E31, 0x0E34...0x0E3A, 0x0E47...0x0E4E,
            0x200B...0x200D, 0x2060:
            0
        default: 1
        }
    }

    static func columns(_ line: some StringProtocol) -> Int {
        line.reduce(0) { $0 + columns($1) }
    }

    /// One configuration with a TaskWidget in each family, so that one `run` draws a title in all
    /// of them: `id` of the widget of `family`.
    static func id(_ family: String) -> String { "보고서-위젯-\(family)" }

    /// The box lines of each widget `run` drew, by family, from its header line
    /// (`ID · TaskWidget · FAMILY`) to the next.
    static func boxes(_ output: String) -> [String: [Substring]] {
        var boxes: [String: [Substring]] = [:]
        var family: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false) {
            if let (name, _) = families.first(where: { line == "\(id($0.0)) · TaskWidget · \($0.0)" }) {
                family = name
            } else if let family, line.hasPrefix("│") || line.hasPrefix("╭") || line.hasPrefix("╰") {
                boxes[family, default: []].append(line)
            }
        }
        return boxes
    }

    @Test func everyBoxLineIsTheFamilysWidth() throws {
        let scratch = try TemporaryDirectory()
        let tasks = Self.titles.map { "  - title: \"\($0)\"\n    priority: high\n" }.joined()
        try scratch.file("tasks.yaml", "tasks:\n" + tasks)
        let widgets = Self.families.map { family, _ in
            """
              - id: \(Self.id(family))
                kind: TaskWidget
                family: \(family)
                configuration: {maxTasks: 20, showCompleted: false}

            """
        }
        try scratch.file("widgets.yaml", "widgets:\n" + widgets.joined())
        let store = ["WIDGETHOST_STORE": scratch.url.appendingPathComponent("store").path]
        #expect(try scratch.widgethost(["store", "import", "tasks.yaml"], environment: store).status == 0)
        // Each title first in turn, so every one is drawn in every family.
        for index in Self.titles.indices {
            let run = try scratch.widgethost(["run", "widgets.yaml"], environment: store)
            #expect(run.status == 0)
            let boxes = Self.boxes(run.standardOutput)
            #expect(boxes.count == Self.families.count, "\(run.standardOutput)")
            for (family, width) in Self.families {
                let box = boxes[family] ?? []
                #expect(!box.isEmpty, "\(family)")
                for line in box {
                    #expect(Self.columns(line) == width + 4, "\(family) title \(index): '\(line)'")
                }
                // Task rows end with their priority badge, however long the title (a small
                // widget's rows have none: their title keeps the row).
                for line in box where line.hasPrefix("│ [") {
                    if family == "systemSmall" {
                        #expect(!line.hasSuffix(" ! │") && line.hasSuffix(" │"), "\(family): '\(line)'")
                    } else {
                        #expect(line.hasSuffix(" ! │"), "\(family): '\(line)'")
                    }
                }
            }
            let (id, title) = try firstTask(scratch, store)
            #expect(title == Self.titles[index])
            let complete = try scratch.widgethost(
                ["perform", "CompleteTaskIntent", "taskId=\(id)"], environment: store)
            #expect(complete.status == 0)
        }
    }

    /// The id and title of the first task shown, from `run --format json`.
    private func firstTask(_ scratch: TemporaryDirectory, _ store: [String: String]) throws -> (
        String, String
    ) {
        let run = try scratch.widgethost(["run", "widgets.yaml", "--format", "json"], environment: store)
        let object = try JSONText.object(run.standardOutput)
        let widget = try #require((object["widgets"] as? [[String: Any]])?.first)
        let tasks = try #require((widget["entry"] as? [String: Any])?["tasks"] as? [[String: Any]])
        let first = try #require(tasks.first)
        return (try #require(first["id"] as? String), try #require(first["title"] as? String))
    }
}
