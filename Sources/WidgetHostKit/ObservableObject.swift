/// A model object whose changes views watch, as Combine's `ObservableObject` (which SwiftUI
/// re-exports): a widget's view is drawn once an entry, from the entry, so nothing watches; a model
/// written so compiles and is read as it is when the view is drawn.
public protocol ObservableObject: AnyObject {}

/// A model's property whose changes views watch, as Combine's `@Published`: a stored value here.
@propertyWrapper
public struct Published<Value> {
    /// The value.
    public var wrappedValue: Value

    /// A property starting at `value`.
    public init(wrappedValue value: Value) {
        self.wrappedValue = value
    }

    /// A property starting at `value`.
    public init(initialValue value: Value) {
        self.init(wrappedValue: value)
    }

    /// The property itself (Combine's publisher of its changes, which nothing here subscribes to).
    public var projectedValue: Published<Value> { self }
}

extension Published: Sendable where Value: Sendable {}

/// A model a view reads, as SwiftUI's `@ObservedObject`: the object, read when the view is drawn.
/// Unchecked `Sendable`, as `@State`: a view is drawn on one task.
@propertyWrapper
public struct ObservedObject<ObjectType: ObservableObject>: @unchecked Sendable {
    /// The object.
    public var wrappedValue: ObjectType

    /// Watches `object`.
    public init(wrappedValue object: ObjectType) {
        self.wrappedValue = object
    }

    /// Watches `object`.
    public init(initialValue object: ObjectType) {
        self.init(wrappedValue: object)
    }
}

/// A model a view owns, as SwiftUI's `@StateObject`: made when the view is, read when it is
/// drawn.
@propertyWrapper
public struct StateObject<ObjectType: ObservableObject>: @unchecked Sendable {
    /// The object.
    public let wrappedValue: ObjectType

    /// Owns the object `make` makes.
    public init(wrappedValue make: @autoclosure () -> ObjectType) {
        self.wrappedValue = make()
    }
}
