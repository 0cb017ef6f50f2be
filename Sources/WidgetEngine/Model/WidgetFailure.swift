public import Diagnostics
import JSON
import WidgetHostKit

/// Why a widget (or an intent) failed at run time; the other widgets still print.
public struct WidgetFailure: Error, Sendable, Hashable {
    /// A stable code (`widget.provider-failed`, `widget.store`, ...).
    public var code: FailureCode
    /// A sentence a person can act on.
    public var message: String
    /// The code of the ``CodedError`` the widget's or intent's own code threw (`task.not-found`),
    /// which JSON output gives as the error's `reason`; `nil` when it threw another error.
    public var reason: String?

    /// Creates a failure.
    public init(code: FailureCode, message: String, reason: String? = nil) {
        self.code = code
        self.message = message
        self.reason = reason
    }

    /// The failure `code` of an `error` thrown by a widget's or an intent's own code, with
    /// `message`, and the error's code as the ``reason`` when it is a ``CodedError`` (a code that
    /// is not well formed is named in the message instead).
    public init(code: FailureCode, message: String, error: any Error) {
        var message = message
        var reason: String?
        if let coded = error as? any CodedError {
            reason = Self.reason(coded.code, noting: &message)
        }
        self.init(code: code, message: message, reason: reason)
    }

    /// `code` when it is well formed (``isWellFormedReason(_:)``); otherwise `nil`, with a note
    /// added to `message`.
    package static func reason(_ code: String, noting message: inout String) -> String? {
        guard isWellFormedReason(code) else {
            message +=
                " (its code \(JSONText.quoted(code)) is left out: a code is lower-case words joined by dots "
                + "and dashes)"
            return nil
        }
        return code
    }

    /// Whether `code` has a reason's form: ASCII lower-case letters and digits in words joined by
    /// single dots or dashes, starting with a letter, at most 64 characters (`task.not-found`).
    static func isWellFormedReason(_ code: String) -> Bool {
        let bytes = code.utf8
        guard let first = bytes.first, (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(first),
            bytes.count <= 64
        else { return false }
        var afterSeparator = false
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                afterSeparator = false
            case UInt8(ascii: "."), UInt8(ascii: "-"):
                if afterSeparator { return false }
                afterSeparator = true
            default:
                return false
            }
        }
        return !afterSeparator
    }
}
