// widgethost: runs WidgetKit-style widgets from YAML configurations on Linux.
await WidgetHostCommand.main()
