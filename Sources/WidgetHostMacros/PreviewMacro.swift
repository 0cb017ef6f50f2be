@_spi(PluginMessage) import SwiftCompilerPluginMessageHandling
import SwiftSyntax
import SwiftSyntaxMacros

/// Xcode's `#Preview` (of a view, of a widget with a timeline or a provider): it expands to
/// nothing, since widgethost has no canvas to show it on, but its arguments are type-checked as
/// the SDK declares them, so preview code that would not compile on iOS does not compile here
/// either.
public struct PreviewMacro: DeclarationMacro {
    public static func expansion(
        of node: some FreestandingMacroExpansionSyntax, in context: some MacroExpansionContext
    ) throws -> [DeclSyntax] {
        []
    }
}

/// The macros this plugin gives the compiler, by type name.
struct MacroProvider: PluginProvider {
    /// A macro the compiler asks for that this plugin does not have.
    struct UnknownMacro: Error, CustomStringConvertible {
        let module: String
        let type: String

        var description: String { "widgethost's macro plugin has no macro \(module).\(type)" }
    }

    func resolveMacro(moduleName: String, typeName: String) throws -> any Macro.Type {
        guard typeName == "PreviewMacro" else { throw UnknownMacro(module: moduleName, type: typeName) }
        return PreviewMacro.self
    }
}
