public import Diagnostics

/// Takes, one at a time, the items of the sequence under one key of a document's top-level
/// mapping, each as soon as it is composed (see ``YAMLLoader/load(_:streaming:environment:)``): a list of
/// twenty thousand widgets is never held whole, only the item at hand.
///
/// Streaming applies to the first document, to the first pair whose key is ``key`` when its value
/// is a block or flow sequence with no anchor, in a mapping with no `<<` before that key. Otherwise
/// the document is composed whole and nothing is handed over.
public protocol StreamedItems {
    /// The top-level key whose sequence is streamed.
    var key: String { get }

    /// Called once, as the sequence opens, with the top-level pairs written before ``key`` (their
    /// variables substituted).
    mutating func willTakeItems(after pairs: [Node.Pair], substitutions: Substitutions)

    /// One item, composed and its variables substituted. Its nodes are let go when this returns,
    /// unless it defines an anchor (a later item may use it): keep none of them, or every later
    /// item costs a copy of what is kept.
    mutating func take(_ item: Node, substitutions: Substitutions)
}

/// What ``YAMLLoader/load(_:streaming:environment:)`` composed beside the items it handed over.
public struct StreamedDocument: Sendable {
    /// The documents; the streamed sequence, if any, is empty in the first.
    public var documents: [Node]
    /// Whether the sequence was streamed (``StreamedItems/willTakeItems(after:substitutions:)``
    /// was called): if not, its items are in ``documents`` as usual.
    public var streamed: Bool
    /// What was substituted in the nodes of ``documents``.
    public var substitutions: Substitutions
    /// A diagnostic for each variable reference that could not be substituted, in the streamed
    /// items too.
    public var diagnostics: [Diagnostic]
}
