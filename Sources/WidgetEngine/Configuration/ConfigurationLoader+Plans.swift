@_spi(WidgetHost) import WidgetHostKit
import YAML

extension ConfigurationLoader {
    /// What checking the widgets of one kind needs, prepared the first time a file names the kind,
    /// so that a file of thousands of widgets asks the widget for its metadata and parameters once.
    ///
    /// A class: every widget of the kind shares one plan, without copying its parts.
    final class KindPlan {
        /// The widget.
        let widget: any WidgetConfiguration
        /// The kind, as the registry spells it.
        let kind: String
        /// The families the widget supports.
        let supportedFamilies: [WidgetFamily]
        /// The family of a widget entry that gives none: the first supported.
        let defaultFamily: WidgetFamily
        /// Whether the widget stands in for a plugin that could not start (its configuration
        /// cannot be checked).
        let isUnavailable: Bool
        /// The parameters of a configurable widget; `nil` for a static one (or a stand-in).
        let parameters: ParameterPlan?
        /// What each family shows of the parameters that declare it, by parameter name, in order
        /// (read once per kind: a widget's metadata is a copy each time it is asked for).
        let parameterLimits: [(name: String, limits: [WidgetFamily: Int])]

        /// The plan of `widget`, named `kind`, with `parameters` when it takes configuration.
        init(_ widget: any WidgetConfiguration, kind: String, parameters: () -> ParameterPlan) {
            self.widget = widget
            self.kind = kind
            let metadata = widget.metadata
            supportedFamilies = metadata.supportedFamilies
            parameterLimits = metadata.parameterLimits.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
            defaultFamily = supportedFamilies.first ?? .systemSmall
            isUnavailable = widget is any UnavailableWidget
            self.parameters = !isUnavailable && widget.isConfigurable ? parameters() : nil
        }
    }

    /// The kind plans of one file.
    ///
    /// Built-in kinds are found by their bytes and planned once. A plugin's kind is looked up by
    /// name every time, since which widget answers to it can change as plugins start; only its
    /// parameters are planned once per name.
    struct KindPlans {
        let registry: WidgetRegistry
        /// The built-in kinds, prepared for looking kinds up by their bytes.
        let builtInKinds: ScalarVocabulary
        private var builtIns: [KindPlan?]
        private var parametersByName: [String: ParameterPlan] = [:]

        init(registry: WidgetRegistry) {
            self.registry = registry
            builtInKinds = ScalarVocabulary(registry.kinds)
            builtIns = Array(repeating: nil, count: builtInKinds.words.count)
        }

        /// The plan of the built-in kind `node` names byte for byte, as a string; `nil` for
        /// anything else, which the caller reads as text and looks up by name.
        mutating func builtIn(_ node: Node) -> KindPlan? {
            guard let index = builtInKinds.index(ofString: node) else { return nil }
            if let plan = builtIns[index] { return plan }
            let kind = builtInKinds.words[index]
            guard let widget = registry.widget(kind: kind) else { return nil }
            let plan = KindPlan(widget, kind: kind) { ParameterPlan(widget.parameters) }
            builtIns[index] = plan
            return plan
        }

        /// The plan of `widget`, which the file names `kind`.
        mutating func plan(for widget: any WidgetConfiguration, named kind: String) -> KindPlan {
            KindPlan(widget, kind: kind) {
                if let known = parametersByName[kind] { return known }
                let plan = ParameterPlan(widget.parameters)
                parametersByName[kind] = plan
                return plan
            }
        }
    }

    /// A configurable widget's parameters, prepared once per kind: the defaults every instance
    /// starts from, the parameters configuration must give, and the names and enumeration cases
    /// ready for looking scalars up by their bytes.
    ///
    /// A class, like ``KindPlan``: every widget of the kind shares it.
    final class ParameterPlan {
        let parameters: [ParameterDescription]
        /// The parameter names, which are the configuration keys, in the order of `parameters`.
        let names: ScalarVocabulary
        /// The cases of each enumeration parameter, in the order of `parameters`; `nil` for the others.
        let cases: [ScalarVocabulary?]
        let defaults: [String: JSONValue]
        /// The positions of the parameters with neither a default nor a way to be absent.
        let required: [Int]
        /// Where each parameter's default is in `defaults`, in the order of `parameters`; `nil` for
        /// the required ones. A copy of `defaults` has its entries where `defaults` has them.
        let slots: [[String: JSONValue].Index?]

        init(_ parameters: [ParameterDescription]) {
            self.parameters = parameters
            names = ScalarVocabulary(parameters.map(\.name))
            cases = parameters.map { parameter in
                guard case .enumeration(_, let cases) = parameter.type else { return nil }
                return ScalarVocabulary(cases.map(\.value))
            }
            var defaults: [String: JSONValue] = [:]
            var required: [Int] = []
            for (index, parameter) in parameters.enumerated() {
                if let value = parameter.defaultValue {
                    defaults[parameter.name] = value
                } else if parameter.isOptional {
                    defaults[parameter.name] = .null
                } else {
                    required.append(index)
                }
            }
            self.defaults = defaults
            self.required = required
            slots = parameters.map { defaults.index(forKey: $0.name) }
        }
    }
}
