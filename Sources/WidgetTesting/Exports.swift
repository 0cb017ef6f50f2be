// A test of widget code names the SDK's types (families, colour schemes, drawn entries and views,
// JSON values) with the one import of `WidgetTesting`, as it runs what the widget's files declare.
@_exported public import WidgetHostKit
