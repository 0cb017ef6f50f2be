// The built-in TaskWidget served out of process, unchanged: the parity test compares its output
// with the in-process widget's.
import TaskWidget
import WidgetHostPlugin

await PluginServer.serve(bundles: [TaskWidgetBundle()])
