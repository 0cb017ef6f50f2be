import Diagnostics

/// Swift Testing has a `SourceLocation` of its own; in these tests the name means the diagnostics one.
typealias SourceLocation = Diagnostics.SourceLocation
