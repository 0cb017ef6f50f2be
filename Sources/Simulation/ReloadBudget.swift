public import Foundation

/// How many reloads of one widget WidgetKit allows in a day, as the simulation counts them.
///
/// Apple's "Keeping a widget up to date" (WidgetKit documentation): a widget the user views often
/// typically receives 40 to 70 refreshes in a 24-hour period, which WidgetKit tunes to the user's
/// habits rather than resetting at midnight; each widget on the device has a budget of its own. The
/// simulation takes the top of that range, 70, over a rolling 24 hours (``window``): a reload
/// spends one until 24 hours after it happened.
public enum ReloadBudget: Sendable, Equatable {
    /// No budget: every reload happens when it is due (as under Xcode's debugger).
    case unlimited
    /// At most this many counted reloads in any 24 hours (0: none at all).
    case perDay(Int)

    /// 70 a day, the top of WidgetKit's "40 to 70 refreshes".
    public static let widgetKitDefault = ReloadBudget.perDay(70)
    /// The most `--budget` takes: one reload a second for a day.
    public static let largest = 86_400
    /// The span a spent reload counts for: 24 hours.
    public static let window: TimeInterval = 86_400
}

/// One widget's reloads spent within the last ``ReloadBudget/window``, oldest first.
struct BudgetLedger: Sendable {
    /// The budget.
    let budget: ReloadBudget
    /// When each counted reload of the window happened, oldest first (from ``start`` on).
    private var spent: [Date] = []
    /// The index of the oldest reload still in the window.
    private var start = 0

    /// An empty ledger of `budget`.
    init(_ budget: ReloadBudget) {
        self.budget = budget
    }

    /// Forgets the reloads that left the window by `now` (those 24 hours or more before it).
    mutating func forget(before now: Date) {
        let edge = now.addingTimeInterval(-ReloadBudget.window)
        while start < spent.count, spent[start] <= edge { start += 1 }
        if start > 256, start * 2 > spent.count {
            spent.removeFirst(start)
            start = 0
        }
    }

    /// The reloads spent in the window.
    var used: Int { spent.count - start }

    /// The reloads left in the window, `nil` when unlimited.
    var left: Int? {
        switch budget {
        case .unlimited: nil
        case .perDay(let limit): max(0, limit - used)
        }
    }

    /// Whether no reload is left.
    var isSpent: Bool { left == 0 }

    /// When the next reload is given back: 24 hours after the oldest spent; `nil` when none is
    /// spent (a budget of 0 never gives one).
    var restoredAt: Date? {
        guard start < spent.count else { return nil }
        return spent[start].addingTimeInterval(ReloadBudget.window)
    }

    /// Spends one reload at `now`.
    mutating func spend(at now: Date) {
        spent.append(now)
    }
}
