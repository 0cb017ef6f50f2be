public import Diagnostics
public import PluginHosting
public import WidgetEngine

/// What `plugins trust` and `plugins untrust` ask of a session: the plugins configurations bring,
/// found without starting any.
extension HostSession {
    /// The plugins the configurations `paths` bring (the `Plugins/` folder beside each file and
    /// their `plugins:` lists) that run only once trusted, read from their manifests: nothing is
    /// started.
    ///
    /// - Returns: Those plugins, the files read, and the problems that kept a configuration or a
    ///   `plugins:` entry from being read (a missing file, a folder with no plugin).
    public func pluginsBrought(by paths: [String]) -> (
        plugins: [PluginHost.Plugin], files: [String], diagnostics: [Diagnostic]
    ) {
        var loader = ConfigurationLoader(registry: plugins.builtIns)
        loader.plugins = plugins
        loader.environment = settings.environment
        loader.takesPluginDiagnostics = false
        loader.keepsUnknownKinds = true
        let loaded = loader.load(paths)
        let blocking: Set<FailureCode> = [.pluginFolderMissing, .pluginNoManifest]
        let problems = loaded.diagnostics.filter {
            $0.severity == .error && (loaded.files.isEmpty || blocking.contains($0.code))
        }
        return (plugins.plugins.filter(\.origin.needsTrust), loaded.files, problems)
    }
}
