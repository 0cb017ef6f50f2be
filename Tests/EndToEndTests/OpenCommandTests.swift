import Foundation
import TestSupport
import Testing

/// `widgethost open`, run as a binary: the Quickmenu's deep links resolved to app tabs as seed 004's
/// `DeeplinkCoordinator` does, and every way a link can be wrong.
@Suite struct OpenCommandTests {
    static let tabs = "(tabs: Home, Balance, Transfer, Scan)"

    @Test func balanceIsTabOne() throws {
        let scratch = try TemporaryDirectory()
        let text = try scratch.widgethost(["open", "widgetquickmenu://Balance"])
        text.expectSucceeded(standardOutput: "widgetquickmenu://Balance -> Balance (tab 1)\n")
        let json = try scratch.widgethost(["open", "widgetquickmenu://Balance", "--format", "json"])
        json.expectSucceeded(
            standardOutput: #"{"url":"widgetquickmenu://Balance","tab":"Balance","tabIndex":1}"# + "\n")
    }

    /// Every tab; the scheme in any letter case, and a path or query after the tab, open it too.
    @Test(arguments: [
        ("widgetquickmenu://Home", "Home", 0), ("widgetquickmenu://Balance", "Balance", 1),
        ("widgetquickmenu://Transfer", "Transfer", 2), ("widgetquickmenu://Scan", "Scan", 3),
        ("WidgetQuickMenu://Scan", "Scan", 3),
        ("widgetquickmenu://Transfer/recent?from=widget", "Transfer", 2),
    ])
    func everyTab(url: String, tab: String, index: Int) throws {
        let scratch = try TemporaryDirectory()
        let text = try scratch.widgethost(["open", url])
        #expect(text.status == 0)
        #expect(text.standardOutput == "\(url) -> \(tab) (tab \(index))\n")
        let json = try scratch.widgethost(["open", url, "--format", "json"])
        #expect(json.status == 0)
        let document = try JSONText.object(json.standardOutput)
        #expect(Set(document.keys) == ["url", "tab", "tabIndex"])
        #expect(document["url"] as? String == url)
        #expect(document["tab"] as? String == tab)
        #expect(document["tabIndex"] as? Int == index)
    }

    /// The sample's Quickmenu links are exactly the links `open` resolves, in tab order.
    @Test func theQuickmenuLinksOpenTheirTabs() throws {
        let scratch = try TemporaryDirectory()
        try scratch.initStore()
        try scratch.file("widgets.yaml", "widgets:\n  - kind: Quickmenu\n")
        let run = try scratch.widgethost(
            ["run", "widgets.yaml", "--store", "store", "--at", "2026-11-29T12:00:00Z", "--format", "json"])
        let widget = try #require(
            (try JSONText.object(run.standardOutput)["widgets"] as? [[String: Any]])?.first)
        let urls = JSONText.nodes(of: widget["view"], type: "link").compactMap { $0["url"] as? String }
        #expect(urls.count == 4)
        for (index, url) in urls.enumerated() {
            let open = try scratch.widgethost(["open", url, "--format", "json"])
            #expect(try JSONText.object(open.standardOutput)["tabIndex"] as? Int == index)
        }
    }

    @Test(arguments: [
        (
            "widgetquickmenu://balance",
            "error: 'widgetquickmenu://balance' names the unknown tab 'balance'; did you mean 'Balance'? \(tabs)"
        ),
        (
            "widgetquickmenu://Tranfser",
            "error: 'widgetquickmenu://Tranfser' names the unknown tab 'Tranfser'; did you mean 'Transfer'? \(tabs)"
        ),
        // Quoted as typed, though Foundation lowercases a host that is not ASCII.
        (
            "widgetquickmenu://Hoéme/x",
            "error: 'widgetquickmenu://Hoéme/x' names the unknown tab 'Hoéme'; did you mean 'Home'? \(tabs)"
        ),
        (
            "https://example.com/Balance",
            "error: 'https://example.com/Balance' has the unknown scheme 'https'; Quickmenu links use "
                + "'widgetquickmenu://' \(tabs)"
        ),
        (
            "quickmenu://Balance",
            "error: 'quickmenu://Balance' has the unknown scheme 'quickmenu'; Quickmenu links use "
                + "'widgetquickmenu://' \(tabs)"
        ),
        ("", "error: '' is not a URL; Quickmenu links look like 'widgetquickmenu://Balance'"),
    ])
    func badLinksAreInputErrors(url: String, message: String) throws {
        let scratch = try TemporaryDirectory()
        for format in ["text", "json"] {
            let run = try scratch.widgethost(["open", url, "--format", format])
            run.expectFailed(65, standardError: message + "\n")
        }
    }

    /// Unknown tabs without a near name, and text that is not a URL, quoted as typed.
    @Test(arguments: [
        (
            "widgetquickmenu://Settings",
            "error: 'widgetquickmenu://Settings' names the unknown tab 'Settings' (tabs: Home, Balance, Transfer, Scan)"
        ),
        (
            "widgetquickmenu://",
            "error: 'widgetquickmenu://' names no tab (tabs: Home, Balance, Transfer, Scan)"
        ),
        (
            "not a link",
            "error: 'not a link' has no scheme; Quickmenu links use 'widgetquickmenu://' (tabs: Home, Balance, "
                + "Transfer, Scan)"
        ),
    ])
    func badLinksAreQuotedAsTyped(url: String, message: String) throws {
        let scratch = try TemporaryDirectory()
        let run = try scratch.widgethost(["open", url])
        run.expectFailed(65, standardError: message + "\n")
    }

    @Test func missingURLIsAUsageError() throws {
        let scratch = try TemporaryDirectory()
        let run = try scratch.widgethost(["open"])
        run.expectFailed(64, firstErrorLine: "Error: Missing expected argument '<url>'")
    }
}
