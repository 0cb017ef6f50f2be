// The cross-import overlay Swift Testing asks for when a file imports both `Testing` and `UIKit`
// (the toolchain's Testing declares one for Apple's UIKit; Linux has no such module). With this
// empty module beside widgethost's `UIKit`, a widget's test file may import both, as on iOS.
