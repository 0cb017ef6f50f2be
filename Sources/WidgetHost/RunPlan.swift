public import Diagnostics
import TerminalText
public import WidgetEngine
@_spi(WidgetHost) public import WidgetHostKit

/// What a run draws, decided once for every command that draws: the widgets a configuration holds,
/// narrowed by `--widget`, in `--family` when one is asked, each store they read present. `run`,
/// `tap`, `watch` and `serve` (through the live host) plan here, so each refuses the same selection
/// with the same words and the same exit status.
public struct RunPlan: Sendable {
    /// What the command line selects.
    public struct Selection: Sendable, Equatable {
        /// The widgets asked for by id (every widget when empty).
        public var widgetIDs: [String]
        /// The family asked for, if any.
        public var family: FamilySelection?
        /// The part of the widgets asked for (`--shard K/N`), if any.
        public var shard: Shard?

        /// Widgets `widgetIDs` (all when empty) in `family`, those of `shard` when one is given.
        public init(widgetIDs: [String] = [], family: FamilySelection? = nil, shard: Shard? = nil) {
            self.widgetIDs = widgetIDs
            self.family = family
            self.shard = shard
        }
    }

    /// Part K of N of a configuration's widgets (`--shard K/N`): a widget belongs to the part its
    /// id hashes to (64-bit FNV-1a of the id's UTF-8 bytes, modulo N), so the N parts are disjoint,
    /// together hold every widget, and a widget stays in its part however many widgets are added
    /// or removed around it. Every family of a widget goes with it.
    public struct Shard: Sendable, Equatable, CustomStringConvertible {
        /// The part, from 1 to ``count``.
        public let index: Int
        /// How many parts there are.
        public let count: Int

        /// The most parts a run is split into.
        public static let maximumCount = 10_000

        /// Part `index` of `count`; `nil` unless 1 ≤ index ≤ count ≤ ``maximumCount``.
        public init?(index: Int, count: Int) {
            guard count >= 1, count <= Self.maximumCount, index >= 1, index <= count else { return nil }
            self.index = index
            self.count = count
        }

        /// `K/N` as the command line writes it (digits only, no sign or spaces); `nil` otherwise.
        public init?(_ text: String) {
            let parts = text.split(separator: "/", omittingEmptySubsequences: false)
            guard parts.count == 2,
                parts.allSatisfy({
                    !$0.isEmpty && $0.count <= 5 && $0.utf8.allSatisfy { (0x30...0x39).contains($0) }
                }),
                let index = Int(parts[0]), let count = Int(parts[1])
            else { return nil }
            self.init(index: index, count: count)
        }

        public var description: String { "\(index)/\(count)" }

        /// Whether the widget `id` belongs to this part.
        public func contains(_ id: String) -> Bool {
            Int(Self.hash(id) % UInt64(count)) == index - 1
        }

        /// 64-bit FNV-1a of `id`'s UTF-8 bytes: fixed by its definition, the same on every machine
        /// and in every release (Swift's `Hasher` is seeded per process, so it cannot be used).
        public static func hash(_ id: String) -> UInt64 {
            var hash: UInt64 = 0xcbf2_9ce4_8422_2325
            for byte in id.utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01b3
            }
            return hash
        }
    }

    /// What `--family` asks for.
    public enum FamilySelection: Sendable, Equatable {
        /// Every widget in this family.
        case one(WidgetFamily)
        /// Each widget in every family it supports, one after another.
        case all
    }

    /// Why a selection cannot be drawn.
    public enum Failure: Error, Sendable {
        /// The configuration is invalid: its diagnostics (nothing runs).
        case invalidConfiguration([Diagnostic])
        /// `--widget` named an id the configuration does not have.
        case unknownWidget(String, known: [String])
        /// Some widgets do not support the family asked for; `common` are those every one does.
        case unsupportedFamily(WidgetFamily, unsupported: [WidgetInstance], common: [WidgetFamily])
        /// A store the widgets read does not exist yet: why, for each.
        case missingStores([Diagnostic])

        /// Whether the command line asked for what cannot be (exit 64), rather than the data
        /// being wrong (65).
        public var isUsageError: Bool {
            switch self {
            case .unknownWidget, .unsupportedFamily: true
            case .invalidConfiguration, .missingStores: false
            }
        }

        /// What a person reads for a usage error; `nil` for the others, whose diagnostics say it.
        public var usageMessage: String? {
            switch self {
            case .unknownWidget(let id, let known): Self.unknownWidget(id, among: known)
            case .unsupportedFamily(let family, let unsupported, let common):
                Self.unsupportedFamily(family, unsupported: unsupported, common: common)
            case .invalidConfiguration, .missingStores: nil
            }
        }

        /// `No widget has the id 'x'.` with the nearest id, or the ids there are.
        public static func unknownWidget(_ id: String, among known: [String]) -> String {
            var message = "No widget has the id '\(TerminalText.visible(id))'."
            if let nearest = EditDistance.suggestion(for: id, among: known) {
                message += " Did you mean '\(nearest)'?"
            } else if !known.isEmpty {
                message +=
                    " The ids are " + known.map { "'\(TerminalText.visible($0))'" }.joined(separator: ", ")
                    + "."
            }
            return message
        }

        /// Why `--family` cannot draw the selected widgets: the ones that do not support it (the
        /// first few, by id and kind) and the families every selected widget does support.
        static func unsupportedFamily(
            _ family: WidgetFamily, unsupported: [WidgetInstance], common: [WidgetFamily]
        ) -> String {
            let shown = 5
            var names = unsupported.prefix(shown).map {
                "'\(TerminalText.visible($0.id))' (\(TerminalText.visible($0.kind)))"
            }
            if unsupported.count > shown { names.append("\(unsupported.count - shown) more") }
            let list =
                names.count == 1
                ? names[0] : names.dropLast().joined(separator: ", ") + " and " + (names.last ?? "")
            var message =
                unsupported.count == 1
                ? "The widget \(list) does not support the family '\(family.rawValue)'."
                : "The widgets \(list) do not support the family '\(family.rawValue)'."
            if common.isEmpty {
                message += " No family suits every selected widget; select fewer with --widget."
            } else {
                message +=
                    " Choose a family every selected widget supports ("
                    + common.map(\.rawValue).joined(separator: ", ") + "), or select others with --widget."
            }
            return message
        }
    }

    /// The widgets to draw, in configuration order (with `--family all`, each once per family).
    public var instances: [WidgetInstance]
    /// The one family every widget is drawn in, when `--family` named one.
    public var family: WidgetFamily?

    /// The instances of `instances` that `ids` names (all of them when `ids` is empty).
    /// - Throws: ``Failure/unknownWidget(_:known:)`` for the first id none has.
    public static func select(_ instances: [WidgetInstance], ids: [String]) throws(Failure)
        -> [WidgetInstance]
    {
        guard !ids.isEmpty else { return instances }
        let known = instances.map(\.id)
        if let unknown = ids.first(where: { !known.contains($0) }) {
            throw .unknownWidget(unknown, known: known)
        }
        return instances.filter { ids.contains($0.id) }
    }
}

extension HostSession {
    /// The plan of drawing `selection` of `loaded`: its errors, an unknown id, a family some
    /// widget lacks and a store not there yet refuse it, in that order.
    public func plan(_ loaded: LoadedConfiguration, selection: RunPlan.Selection) -> Result<
        RunPlan, RunPlan.Failure
    > {
        guard !loaded.hasErrors else { return .failure(.invalidConfiguration(loaded.diagnostics)) }
        var instances: [WidgetInstance]
        do throws(RunPlan.Failure) {
            instances = try RunPlan.select(loaded.instances, ids: selection.widgetIDs)
        } catch {
            return .failure(error)
        }
        if let shard = selection.shard { instances = instances.filter { shard.contains($0.id) } }
        var single: WidgetFamily?
        switch selection.family {
        case nil: break
        case .all: instances = everyFamily(of: instances)
        case .one(let family):
            single = family
            let unsupported = instances.filter { !supports(kind: $0.kind, family: family) }
            if !unsupported.isEmpty {
                let common = WidgetFamily.allCases.filter { candidate in
                    instances.allSatisfy { supports(kind: $0.kind, family: candidate) }
                }
                return .failure(.unsupportedFamily(family, unsupported: unsupported, common: common))
            }
        }
        let missing = missingStores(forAppGroups: instances.map(\.appGroup))
        guard missing.isEmpty else { return .failure(.missingStores(missing)) }
        return .success(RunPlan(instances: instances, family: single))
    }

    /// Each of `instances` once per family its widget supports, in the order the widget
    /// declares them, the instance's configured family first; an unknown kind stays as it is
    /// (and fails as it would without `--family`).
    private func everyFamily(of instances: [WidgetInstance]) -> [WidgetInstance] {
        instances.flatMap { instance -> [WidgetInstance] in
            guard let families = widget(kind: instance.kind)?.metadata.supportedFamilies, !families.isEmpty
            else { return [instance] }
            let ordered = [instance.family] + families.filter { $0 != instance.family }
            return ordered.map { family in
                var copy = instance
                copy.family = family
                return copy
            }
        }
    }
}
