public import AppGroup
public import WidgetHostKit

/// The store's shared defaults are what the SDK's `@AppStorage` reads.
extension AppGroupStore: SharedDefaults {}
