// `import ActivityKit` in widget code from iOS: the SDK (whose `ActivityAttributes` and
// `ActivityConfiguration` let a Live Activity compile, to be left out of its bundle) and Foundation.
@_exported import Foundation
@_exported import WidgetHostKit
