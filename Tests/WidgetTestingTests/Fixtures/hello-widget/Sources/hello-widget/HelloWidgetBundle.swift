// swift-format-ignore-file
import WidgetKit
import SwiftUI

@main
struct HelloWidgetBundle: WidgetBundle {
    var body: some Widget {
        HelloWidget()
    }
}
