public import Diagnostics

/// The failure codes of YAML: every one a script can meet in JSON output, declared once.
extension FailureCode {
    /// `config.missing-key`.
    public static let configMissingKey = FailureCode("config.missing-key", .invalidInput)
    /// `config.out-of-range`.
    public static let configOutOfRange = FailureCode("config.out-of-range", .invalidInput)
    /// `config.type-mismatch`.
    public static let configTypeMismatch = FailureCode("config.type-mismatch", .invalidInput)
    /// `config.unknown-case`.
    public static let configUnknownCase = FailureCode("config.unknown-case", .invalidInput)
    /// `config.unknown-key`.
    public static let configUnknownKey = FailureCode("config.unknown-key", .invalidInput)
    /// `file.is-directory`.
    public static let fileIsDirectory = FailureCode("file.is-directory", .invalidInput)
    /// `file.not-regular`: a FIFO, device or socket where a file was expected.
    public static let fileNotRegular = FailureCode("file.not-regular", .invalidInput)
    /// `file.unreadable`.
    public static let fileUnreadable = FailureCode("file.unreadable", .invalidInput)
    /// `yaml.alias-budget`.
    public static let yamlAliasBudget = FailureCode("yaml.alias-budget", .invalidInput)
    /// `yaml.depth-limit`.
    public static let yamlDepthLimit = FailureCode("yaml.depth-limit", .invalidInput)
    /// `yaml.duplicate-key`.
    public static let yamlDuplicateKey = FailureCode("yaml.duplicate-key", .invalidInput)
    /// `yaml.encoding`.
    public static let yamlEncoding = FailureCode("yaml.encoding", .invalidInput)
    /// `yaml.invalid-variable`: a `${NAME}` that is unset (without a default) or malformed.
    public static let yamlInvalidVariable = FailureCode("yaml.invalid-variable", .invalidInput)
    /// `yaml.input-too-large`.
    public static let yamlInputTooLarge = FailureCode("yaml.input-too-large", .invalidInput)
    /// `yaml.invalid-merge`.
    public static let yamlInvalidMerge = FailureCode("yaml.invalid-merge", .invalidInput)
    /// `yaml.invalid-tagged-value`.
    public static let yamlInvalidTaggedValue = FailureCode("yaml.invalid-tagged-value", .invalidInput)
    /// `yaml.memory`.
    public static let yamlMemory = FailureCode("yaml.memory", .invalidInput)
    /// `yaml.syntax`.
    public static let yamlSyntax = FailureCode("yaml.syntax", .invalidInput)
    /// `yaml.undefined-alias`.
    public static let yamlUndefinedAlias = FailureCode("yaml.undefined-alias", .invalidInput)
    /// `yaml.json-key-clash`.
    public static let yamlJSONKeyClash = FailureCode("yaml.json-key-clash", .invalidInput)
    /// `yaml.number-out-of-range`.
    public static let yamlNumberOutOfRange = FailureCode("yaml.number-out-of-range", .invalidInput)
}
