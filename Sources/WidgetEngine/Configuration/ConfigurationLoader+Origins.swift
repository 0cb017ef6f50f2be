import Diagnostics
import YAML

extension ConfigurationLoader {
    /// A value a file declares, with where (``origin(of:reader:)``).
    typealias Declared = (value: String, origin: String, declaration: AppGroupDeclaration)

    /// Where `node` declares the App Group `value`: at its variable when one gave it.
    static func declaration(_ value: String, _ node: Node, _ reader: NodeReader) -> AppGroupDeclaration {
        let location = reader.substitutions.substitution(of: node)?.location ?? node.start.location
        return AppGroupDeclaration(
            value: value, file: reader.source.name, location: location,
            sourceLine: reader.source.line(location.line))
    }

    /// The origin of a value nothing gave.
    static let defaultOrigin = "default"

    /// Where `node`'s value comes from: `env NAME` when a variable gave it, else `FILE:LINE:COLUMN`.
    static func origin(of node: Node, reader: NodeReader) -> String {
        if let substitution = reader.substitutions.substitution(of: node),
            let variable = substitution.variables.first(where: { !$0.isDefault })
        {
            return "env \(variable.name)"
        }
        let location = node.start.location
        return "\(reader.source.name):\(location.line):\(location.column)"
    }

    /// The origins of one widget's values (see ``WidgetInstance/origins``); the App Group's is
    /// added once its file has settled it.
    static func origins(
        id: Node?, kind: Node?, family: Node?, configuration: Node?, parameters: ParameterPlan?,
        reader: NodeReader
    ) -> [String: String] {
        var origins: [String: String] = [:]
        origins["id"] = id.map { origin(of: $0, reader: reader) } ?? defaultOrigin
        origins["kind"] = kind.map { origin(of: $0, reader: reader) } ?? defaultOrigin
        origins["family"] = family.map { origin(of: $0, reader: reader) } ?? defaultOrigin
        guard let parameters else { return origins }
        for name in parameters.names.words { origins["configuration." + name] = defaultOrigin }
        if let configuration, configuration.isMapping {
            for position in 0..<configuration.count {
                let pair = configuration.pair(position)
                guard let name = pair.key.scalar, parameters.names.words.contains(name) else { continue }
                origins["configuration." + name] = origin(of: pair.value, reader: reader)
            }
        }
        return origins
    }
}
