import Testing

@testable import AppGroup

/// `--lock-timeout` and `WIDGETHOST_LOCK_TIMEOUT`: seconds from 0 to a day, the option first.
@Suite struct StoreLockTimeoutTests {
    @Test(arguments: [
        ("30", Duration.seconds(30)), ("2.5", .milliseconds(2500)), ("0", .zero), ("0.05", .milliseconds(50)),
        ("10s", .seconds(10)), ("86400", .seconds(86_400)),
    ])
    func secondsAreRead(text: String, duration: Duration) {
        #expect(StoreLockTimeout(seconds: text)?.duration == duration)
    }

    @Test(arguments: ["", "abc", "-1", "1e3", "nan", "inf", "86401", " 5", "5 ", "1,5", "s", "０"])
    func anythingElseIsRefused(text: String) {
        #expect(StoreLockTimeout(seconds: text) == nil)
    }

    @Test func theOptionWinsOverTheVariableAndAnEmptyVariableIsUnset() {
        let environment = ["WIDGETHOST_LOCK_TIMEOUT": "7"]
        #expect(
            StoreLockTimeout.resolve(option: "3", environment: environment)
                == .success(.init(duration: .seconds(3))))
        #expect(
            StoreLockTimeout.resolve(option: nil, environment: environment)
                == .success(.init(duration: .seconds(7))))
        #expect(
            StoreLockTimeout.resolve(option: nil, environment: ["WIDGETHOST_LOCK_TIMEOUT": ""])
                == .success(.default))
        #expect(StoreLockTimeout.default.duration == .seconds(30))
    }

    @Test func aBadValueNamesWhereItCameFrom() {
        #expect(
            StoreLockTimeout.resolve(option: "soon", environment: [:])
                == .failure(.init(text: "soon", source: "--lock-timeout")))
        #expect(
            StoreLockTimeout.resolve(option: nil, environment: ["WIDGETHOST_LOCK_TIMEOUT": "-2"])
                == .failure(.init(text: "-2", source: "WIDGETHOST_LOCK_TIMEOUT")))
    }
}
