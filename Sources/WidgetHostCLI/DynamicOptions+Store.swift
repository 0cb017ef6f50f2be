import AppGroup
import Foundation
import TerminalText
import WidgetEngine
import WidgetHost
import WidgetHostKit

extension DynamicOptions {
    /// The choices from the store of `--store DIR` (none without it, or when DIR holds no store);
    /// what cannot be read is reported on standard error as a warning, and the command goes on
    /// without it.
    static func gather(
        _ session: HostSession, widgets: [any WidgetConfiguration], intents: [any HostIntent], store: String?
    ) async -> DynamicOptions {
        guard store != nil else { return DynamicOptions() }
        let container: SharedContainer
        do {
            // --store DIR holds every App Group: the name does not matter.
            container = try session.containers.container(forAppGroup: "widgethost")
        } catch {
            StandardStream.error.write("widgethost: warning: the store cannot be opened: \(error.message)\n")
            return DynamicOptions()
        }
        // The commands that ask read and change nothing: a store that is not there is not made.
        let database = container.url.appendingPathComponent(AppGroupStore.databaseFileName).path
        guard FileManager.default.fileExists(atPath: database) else {
            let path = TerminalText.visible(container.url.path)
            StandardStream.error.write(
                "widgethost: warning: there is no store in \(path) (no \(AppGroupStore.databaseFileName)); "
                    + "the choices from the app's data are not listed\n")
            return DynamicOptions()
        }
        let options = await gather(widgets: widgets, intents: intents, container: container, date: Date())
        for problem in options.problems { StandardStream.error.write("widgethost: warning: \(problem)\n") }
        return options
    }
}
