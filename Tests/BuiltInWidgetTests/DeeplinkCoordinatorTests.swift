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

    @Test func tabNamesAreCaseSensitiveAsInTheSeed() {
        let error = #expect(throws: DeeplinkError.self) {
            try DeeplinkCoordinator().resolve("widgetquickmenu://balance")
        }
        #expect(error?.code == "deeplink.unknown-tab")
        #expect(
            error?.description
                == "'widgetquickmenu://balance' names the unknown tab 'balance'; did you mean 'Balance'? "
                + "(tabs: Home, Balance, Transfer, Scan)"
        )
    }

    @Test(arguments: [("Balanse", "Balance"), ("Tranfer", "Transfer"), ("SCAN", "Scan"), ("hom", "Home")])
    func unknownTabSuggestsTheNearest(_ tab: String, _ suggestion: String) {
        let error = #expect(throws: DeeplinkError.self) {
            try DeeplinkCoordinator().resolve("widgetquickmenu://\(tab)")
        }
        #expect(error?.description.contains("did you mean '\(suggestion)'?") == true)
    }

    @Test func unknownTabFarFromEveryTabListsTheTabs() {
        let error = #expect(throws: DeeplinkError.self) {
            try DeeplinkCoordinator().resolve("widgetquickmenu://Settings")
        }
        #expect(error?.code == "deeplink.unknown-tab")
        #expect(
            error?.description
                == "'widgetquickmenu://Settings' names the unknown tab 'Settings' (tabs: Home, Balance, Transfer, Scan)"
        )
    }

    @Test(arguments: ["widgetquickmenu://", "widgetquickmenu:///Balance", "widgetquickmenu:Balance"])
    func linkWithoutATabSaysSo(_ url: String) {
        let error = #expect(throws: DeeplinkError.self) { try DeeplinkCoordinator().resolve(url) }
        #expect(error?.code == "deeplink.unknown-tab")
        #expect(error?.description.hasPrefix("'\(url)' names no tab (tabs:") == true)
    }

    @Test func unknownSchemeNamesIt() {
        let error = #expect(throws: DeeplinkError.self) {
            try DeeplinkCoordinator().resolve("https://Balance")
        }
        #expect(error?.code == "deeplink.unknown-scheme")
        #expect(
            error?.description
                == "'https://Balance' has the unknown scheme 'https'; Quickmenu links use 'widgetquickmenu://' "
                + "(tabs: Home, Balance, Transfer, Scan)"
        )
    }

    @Test func linkWithoutASchemeSaysSo() {
        let error = #expect(throws: DeeplinkError.self) { try DeeplinkCoordinator().resolve("Balance") }
        #expect(error?.code == "deeplink.unknown-scheme")
        #expect(error?.description.hasPrefix("'Balance' has no scheme;") == true)
    }

    @Test func textThatIsNotAURLSaysSo() {
        let error = #expect(throws: DeeplinkError.self) { try DeeplinkCoordinator().resolve("") }
        #expect(error?.code == "deeplink.invalid-url")
        #expect(
            error?.description == "'' is not a URL; Quickmenu links look like 'widgetquickmenu://Balance'")
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
