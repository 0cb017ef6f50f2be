import WidgetHostKit

/// One copy of each configuration that several widgets of a load hold alike, so that a file of
/// thousands of widgets configured from a few templates keeps a few hundred dictionaries rather
/// than one per widget (each a few hundred bytes, held for the whole run).
///
/// Two configurations are alike only when they are the same byte for byte, in the same order:
/// keys and strings by their UTF-8 bytes (not by Unicode equivalence), numbers by their bits (`-0.0`
/// is not `0.0`). A widget given the other's copy could not tell.
struct SharedConfigurations {
    /// At most this many distinct configurations are kept: past that, a load of configurations
    /// that are all different pays no more for looking.
    static let limit = 4096

    private var kept: Set<Exact> = []

    /// `configuration`, or a copy of it already kept.
    /// - Complexity: O(n) in the size of the configuration.
    mutating func shared(_ configuration: [String: JSONValue]) -> [String: JSONValue] {
        guard !configuration.isEmpty else { return configuration }
        let exact = Exact(values: configuration)
        if let found = kept.firstIndex(of: exact) { return kept[found].values }
        if kept.count < Self.limit { kept.insert(exact) }
        return configuration
    }

    /// A configuration hashed and compared byte for byte, in its order.
    private struct Exact: Hashable {
        var values: [String: JSONValue]

        static func == (first: Exact, second: Exact) -> Bool {
            first.values.count == second.values.count
                && zip(first.values, second.values).allSatisfy { one, other in
                    same(one.key, other.key) && same(one.value, other.value)
                }
        }

        func hash(into hasher: inout Hasher) {
            hasher.combine(values.count)
            for (key, value) in values {
                Self.hash(key, into: &hasher)
                Self.hash(value, into: &hasher)
            }
        }

        private static func same(_ first: String, _ second: String) -> Bool {
            first.utf8.elementsEqual(second.utf8)
        }

        private static func same(_ first: JSONValue, _ second: JSONValue) -> Bool {
            switch (first, second) {
            case (.null, .null): return true
            case (.bool(let one), .bool(let other)): return one == other
            case (.int(let one), .int(let other)): return one == other
            case (.double(let one), .double(let other)): return one.bitPattern == other.bitPattern
            case (.string(let one), .string(let other)): return same(one, other)
            case (.array(let one), .array(let other)):
                return one.count == other.count && zip(one, other).allSatisfy { same($0, $1) }
            case (.object(let one), .object(let other)):
                return one.count == other.count
                    && zip(one, other).allSatisfy { same($0.key, $1.key) && same($0.value, $1.value) }
            default: return false
            }
        }

        private static func hash(_ text: String, into hasher: inout Hasher) {
            var text = text
            text.withUTF8 { hasher.combine(bytes: UnsafeRawBufferPointer($0)) }
        }

        private static func hash(_ value: JSONValue, into hasher: inout Hasher) {
            switch value {
            case .null: hasher.combine(0)
            case .bool(let bool): hasher.combine(bool ? 1 : 2)
            case .int(let int): hasher.combine(int)
            case .double(let double): hasher.combine(double.bitPattern)
            case .string(let text): hash(text, into: &hasher)
            case .array(let items):
                hasher.combine(items.count)
                for item in items { hash(item, into: &hasher) }
            case .object(let members):
                hasher.combine(members.count)
                for member in members {
                    hash(member.key, into: &hasher)
                    hash(member.value, into: &hasher)
                }
            }
        }
    }
}
