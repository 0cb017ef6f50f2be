// JSON values are part of the SDK's surface (a parameter's value, an entity's id, what a plugin
// answers), so whoever imports the SDK can name them.
@_exported public import JSON
