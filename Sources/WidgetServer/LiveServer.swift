public import Diagnostics
public import LiveHost
import Synchronization
public import WidgetHost

/// `serve` whole: the live host's events published to the page's server, which listens once
/// every widget is drawn, and everything ended together. The executable gives the options and
/// prints what it is told; the wiring of the live host to the HTTP server is here.
public enum LiveServer {
    /// Why `serve` could not serve.
    public enum Failure: Error, Sendable {
        /// The address cannot be listened on, or libmicrohttpd would not start: why.
        case cannotServe(String)
        /// The live host could not start (an invalid configuration, a selection it cannot draw).
        case host(LiveHost.StartFailure)
    }

    /// Serves `session`'s widgets as `host` options select them, on `http`, until a signal or
    /// ``LiveHost/stop()`` ends the live host.
    ///
    /// - Parameters:
    ///   - bound: Called once the socket is bound, with the port (before anything is served).
    ///   - listening: Called once every widget is drawn and the server answers, with its URL.
    ///   - diagnostics: Called with each configuration's warnings or errors the live host reports.
    /// - Throws: ``Failure``.
    public static func run(
        session: HostSession, host hostOptions: LiveHost.Options, http options: HTTPServer.Options,
        bound: (Int) -> Void, listening: @escaping @Sendable (String) -> Void,
        diagnostics: @escaping @Sendable ([Diagnostic]) -> Void
    ) async throws(Failure) {
        let server = WidgetServer(
            session: session, idleTimeout: options.idleTimeout, clock: hostOptions.clock ?? SystemClock())
        let http: HTTPServer
        do throws(HTTPServer.StartError) {
            http = try HTTPServer(options: options, handler: server)
        } catch {
            throw .cannotServe(error.description)
        }
        server.port = http.port
        bound(http.port)
        let host: LiveHost
        do throws(LiveHost.StartFailure) {
            host = try LiveHost(session: session, options: hostOptions)
        } catch {
            http.stop()
            throw .host(error)
        }
        let failure = Mutex<String?>(nil)
        defer {
            server.stop()
            http.stop()
        }
        do throws(LiveHost.StartFailure) {
            try await host.run(
                started: {
                    do throws(HTTPServer.StartError) {
                        try http.start()
                    } catch {
                        failure.withLock { $0 = error.description }
                        host.stop()
                        return
                    }
                    let address = options.bind.contains(":") ? "[\(options.bind)]" : options.bind
                    listening(server.url(address: address))
                },
                emit: { event in
                    server.publish(event)
                    if case .diagnostics(let reported) = event { diagnostics(reported) }
                })
        } catch {
            throw .host(error)
        }
        if let message = failure.withLock({ $0 }) { throw .cannotServe(message) }
    }
}
