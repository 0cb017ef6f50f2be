/// What an Xcode `.intentdefinition` file declares (a property list: `INIntents`, `INEnums`,
/// `INTypes`), as far as a widget's configuration needs it: the intents' parameters, the
/// enumerations and the custom types they use.
public struct IntentDefinition: Sendable, Equatable {
    /// An enumeration (`INEnums`): Xcode makes it a Swift enum with `Int` raw values.
    public struct Enumeration: Sendable, Equatable {
        /// One case.
        public struct Case: Sendable, Equatable {
            /// The Swift name (`allNotes`).
            public var name: String
            /// The raw value: its index, 0 for `unknown`.
            public var index: Int
            /// What a person sees (`All notes`).
            public var title: String
        }

        /// The name the file knows it by (`Kind`), which parameters refer to.
        public var name: String
        /// The Swift type's name (its class name if it has one, `ListFilterKind`).
        public var typeName: String
        /// What a person sees (`Task Type`).
        public var title: String
        /// Its cases, in raw-value order.
        public var cases: [Case]
    }

    /// The type of a parameter or of a custom type's property.
    public indirect enum ValueType: Sendable, Equatable {
        case string
        case boolean
        case integer
        case decimal
        case dateComponents
        /// An enumeration, by the Swift type's name.
        case enumeration(String)
        /// A custom type, by the Swift class's name.
        case object(String)
        /// Several values (`INIntentParameterSupportsMultipleValues`).
        case array(ValueType)
    }

    /// A property of a custom type beyond its identifier and display string.
    public struct Property: Sendable, Equatable {
        /// The Swift name.
        public var name: String
        /// Its type.
        public var type: ValueType
    }

    /// A custom type (`INTypes`): Xcode makes it a subclass of `INObject`.
    public struct ObjectType: Sendable, Equatable {
        /// The name the file knows it by (`Tag`), which parameters refer to.
        public var name: String
        /// The Swift class's name (`WidgetTag`).
        public var className: String
        /// Its properties but the four every `INObject` has.
        public var properties: [Property]
    }

    /// A parameter of an intent.
    public struct Parameter: Sendable, Equatable {
        /// The Swift name, which YAML `configuration:` keys use.
        public var name: String
        /// What a person sees (`Show chart`).
        public var title: String
        /// Its type.
        public var type: ValueType
        /// Whether a person configures it (only these are YAML keys).
        public var isConfigurable: Bool
        /// The default the file gives: a string, a boolean, a number, or an enumeration's case name.
        public var defaultValue: DefaultValue?
        /// The least and the most an integer or decimal may be, where the file bounds it.
        public var minimum: Double? = nil
        public var maximum: Double? = nil
        /// The most items a list shows in each family (`INIntentParameterArraySizes`), by the
        /// family's name (`systemSmall`), in the file's order.
        public var sizes: [FamilySize] = []
    }

    /// The most items a list shows in one family.
    public struct FamilySize: Sendable, Equatable {
        /// The family's name (`systemSmall`).
        public var family: String
        /// The most items.
        public var size: Int
    }

    /// A parameter's default value as the file writes it.
    public enum DefaultValue: Sendable, Equatable {
        case string(String)
        case boolean(Bool)
        case number(Double)
    }

    /// An intent (`INIntents`): Xcode makes it a subclass of `INIntent`.
    public struct Intent: Sendable, Equatable {
        /// The name the file knows it by (`FollowersCount`).
        public var name: String
        /// The Swift class's name (`FollowersCountIntent`).
        public var className: String
        /// Its parameters, in the file's order.
        public var parameters: [Parameter]
    }

    /// The intents.
    public var intents: [Intent]
    /// The enumerations.
    public var enumerations: [Enumeration]
    /// The custom types.
    public var types: [ObjectType]
    /// What the file declares that widgethost does not generate (a parameter of a type it does not
    /// map yet), each with its place: left out, for the build to warn about.
    public var leftOut: [IntentDefinitionError] = []
}

/// An `.intentdefinition` file that does not make a widget's configuration: what is wrong, and where.
public struct IntentDefinitionError: Error, Sendable, Equatable, CustomStringConvertible {
    /// Where in the file (`INIntents[0] (FollowersCount), parameter 'account'`); empty for the whole.
    public var place: String
    /// What is wrong.
    public var message: String

    /// An error at `place`.
    public init(_ place: String, _ message: String) {
        self.place = place
        self.message = message
    }

    /// `place: message`, or the message alone.
    public var description: String { place.isEmpty ? message : "\(place): \(message)" }
}
