import Testing
import WidgetKit

/// `import WidgetKit` gives widget code URLSession, as Apple's Foundation does (IceCubesApp's and
/// Habitica's providers fetch their timelines with it): on Linux it is FoundationNetworking's.
@Suite struct FoundationNetworkingTests {
    @Test func urlSessionIsThereWithWidgetKit() throws {
        let url = try #require(URL(string: "https://example.invalid/timeline"))
        var request = URLRequest(url: url)
        request.httpMethod = "POST"
        #expect(request.httpMethod == "POST")
        #expect(URLSession.shared.configuration.timeoutIntervalForRequest > 0)
    }
}
