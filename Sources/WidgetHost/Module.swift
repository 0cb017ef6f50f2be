// The WidgetHost module.
