// The WidgetHostKit module.
