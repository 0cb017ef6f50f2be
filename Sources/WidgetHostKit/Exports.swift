// A JSON value is part of the SDK's surface (a parameter's value, an entity's id, what a plugin
// answers), so whoever imports the SDK can name it; the rest of the JSON module (its writers and
// parser) is the host's, imported by name where it is used.
@_exported public import enum JSON.JSONValue
