import Synchronization

/// A view's own state, as SwiftUI's `@State`. A widget's view is drawn once per entry and never
/// redrawn by a change of state (as in WidgetKit, where interaction goes through intents), so the
/// state lives as long as one drawing: what the body writes, it reads back.
@propertyWrapper
public struct State<Value>: @unchecked Sendable {
    // Unchecked: the box is read and written under its lock only, and a view is drawn on one task.
    private let box: StateBox<Value>

    /// A state starting at `value`.
    public init(wrappedValue value: Value) {
        self.box = StateBox(value)
    }

    /// A state starting at `value`.
    public init(initialValue value: Value) {
        self.init(wrappedValue: value)
    }

    /// The value now.
    public var wrappedValue: Value {
        get { box.value }
        nonmutating set { box.value = newValue }
    }

    /// A binding to the state (`$isLoading`).
    public var projectedValue: Binding<Value> {
        let box = self.box
        return Binding(get: { box.value }, set: { box.value = $0 })
    }
}

extension State where Value: ExpressibleByNilLiteral {
    /// A state starting at `nil`.
    public init() {
        self.init(wrappedValue: nil)
    }
}

/// Where a ``State`` keeps its value.
private final class StateBox<Value>: @unchecked Sendable {
    // Unchecked: `stored` is only touched under `lock`.
    private let lock = Mutex(())
    private var stored: Value

    init(_ value: Value) {
        self.stored = value
    }

    var value: Value {
        get { lock.withLock { _ in stored } }
        set { lock.withLock { _ in stored = newValue } }
    }
}

/// A value read and written elsewhere, as SwiftUI's `Binding`: what `$state` gives.
@propertyWrapper
@dynamicMemberLookup
public struct Binding<Value>: @unchecked Sendable {
    // Unchecked: the closures reach a `State`'s locked box or a constant.
    private let get: () -> Value
    private let set: (Value) -> Void

    /// A binding reading with `get` and writing with `set`.
    public init(get: @escaping () -> Value, set: @escaping (Value) -> Void) {
        self.get = get
        self.set = set
    }

    /// A binding to a value that never changes.
    public static func constant(_ value: Value) -> Binding<Value> {
        Binding(get: { value }, set: { _ in })
    }

    /// The value now.
    public var wrappedValue: Value {
        get { get() }
        nonmutating set { set(newValue) }
    }

    /// The binding itself.
    public var projectedValue: Binding<Value> { self }

    /// A binding to a property of the value.
    public subscript<Member>(dynamicMember keyPath: WritableKeyPath<Value, Member>) -> Binding<Member> {
        let get = self.get
        let set = self.set
        return Binding<Member>(
            get: { get()[keyPath: keyPath] },
            set: { member in
                var value = get()
                value[keyPath: keyPath] = member
                set(value)
            })
    }
}
