import Foundation
import Testing

@testable import Quickmenu

@Suite struct DeeplinkCoordinatorTests {
    @Test(arguments: [
        ("widgetquickmenu://Home", TabName.home, 0), ("widgetquickmenu://Balance", .balance, 1),
        ("widgetquickmenu://Transfer", .transfer, 2), ("widgetquickmenu://Scan", .scan, 3),
    ])
    func validLinksOpenTheirTab(_ url: String, _ tab: TabName, _ index: Int) throws {
        let resolved = try DeeplinkCoordinator().resolve(url)
        #expect(resolved.tab == tab)
        #expect(resolved.tabIndex == index)
    }

    @Test(arguments: [
        "WIDGETQUICKMENU://Balance", "WidgetQuickMenu://Balance",
        "widgetquickmenu://Balance/details?from=widget",
    ])
    func schemeCaseAndPathAndQueryDoNotMatter(_ url: String) throws {
        #expect(try DeeplinkCoordinator().resolve(url).tabIndex == 1)
    }

    @Test func handleDeeplinkSelectsTheTabAndKeepsItOnError() throws {
        var coordinator = DeeplinkCoordinator()
        #expect(coordinator.selectedTab == 0)
        try coordinator.handleDeeplink(try #require(URL(string: "widgetquickmenu://Transfer")))
        #expect(coordinator.selectedTab == 2)
        #expect(throws: DeeplinkError.self) {
            try coordinator.handleDeeplink(try #require(URL(string: "widgetquickmenu://Savings")))
        }
        #expect(coordinator.selectedTab == 2)
    }

    /// Each wrong link is refused with its code and a message quoting it: tab names are
    /// case-sensitive as in the seed, a tab far from every tab lists them, another scheme is named.
    @Test(arguments: [
        (
            "widgetquickmenu://balance", "deeplink.unknown-tab",
            "'widgetquickmenu://balance' names the unknown tab 'balance'; did you mean 'Balance'? "
                + "(tabs: Home, Balance, Transfer, Scan)"
        ),
        (
            "widgetquickmenu://Settings", "deeplink.unknown-tab",
            "'widgetquickmenu://Settings' names the unknown tab 'Settings' (tabs: Home, Balance, Transfer, Scan)"
        ),
        (
            "https://Balance", "deeplink.unknown-scheme",
            "'https://Balance' has the unknown scheme 'https'; Quickmenu links use 'widgetquickmenu://' "
                + "(tabs: Home, Balance, Transfer, Scan)"
        ),
        (
            "", "deeplink.invalid-url",
            "'' is not a URL; Quickmenu links look like 'widgetquickmenu://Balance'"
        ),
    ])
    func wrongLinksAreRefusedWithTheirCode(_ url: String, _ code: String, _ description: String) {
        let error = #expect(throws: DeeplinkError.self) { try DeeplinkCoordinator().resolve(url) }
        #expect(error?.code == code)
        #expect(error?.description == description)
    }

    @Test(arguments: [("Balanse", "Balance"), ("Tranfer", "Transfer"), ("SCAN", "Scan"), ("hom", "Home")])
    func unknownTabSuggestsTheNearest(_ tab: String, _ suggestion: String) {
        let error = #expect(throws: DeeplinkError.self) {
            try DeeplinkCoordinator().resolve("widgetquickmenu://\(tab)")
        }
        #expect(error?.description.contains("did you mean '\(suggestion)'?") == true)
    }

    @Test(arguments: ["widgetquickmenu://", "widgetquickmenu:///Balance", "widgetquickmenu:Balance"])
    func linkWithoutATabSaysSo(_ url: String) {
        let error = #expect(throws: DeeplinkError.self) { try DeeplinkCoordinator().resolve(url) }
        #expect(error?.code == "deeplink.unknown-tab")
        #expect(error?.description.hasPrefix("'\(url)' names no tab (tabs:") == true)
    }

    @Test func linkWithoutASchemeSaysSo() {
        let error = #expect(throws: DeeplinkError.self) { try DeeplinkCoordinator().resolve("Balance") }
        #expect(error?.code == "deeplink.unknown-scheme")
        #expect(error?.description.hasPrefix("'Balance' has no scheme;") == true)
    }

    @Test func tabIndicesAndSymbols() {
        #expect(TabName.allCases.map(\.tabIndex) == [0, 1, 2, 3])
        #expect(TabName.allCases.map(\.rawValue) == ["Home", "Balance", "Transfer", "Scan"])
        #expect(
            TabName.allCases.map(\.systemImage)
                == ["house.fill", "creditcard.fill", "arrow.left.arrow.right", "qrcode.viewfinder"]
        )
    }
}
