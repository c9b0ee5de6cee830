import Foundation

/// What importing glasses of water from another tracker does to what is stored.
///
/// Each incoming glass carries an id made from where it came from (its provenance): a glass whose id is
/// stored already, even as a deleted entry, was imported before and is left alone, so importing a file
/// again changes nothing and a deleted import stays deleted. Any other glass is a duplicate of a stored
/// entry that starts within two minutes of it with the same amount (within 1 ml), one to one: two equal
/// glasses a minute apart are two glasses, and each stored entry stands for one of them at most.
public struct WaterImportPlan: Sendable {
    /// An incoming glass: its provenance id and its fields.
    public struct Glass: Sendable {
        public var id: UUID
        public var fields: WaterEntryFields

        public init(id: UUID, fields: WaterEntryFields) {
            self.id = id
            self.fields = fields
        }
    }

    /// What the plan needs of a stored entry: far less than the entry, for a store with years of them.
    public struct Stored: Sendable {
        public var id: UUID
        public var at: Date
        public var amountML: Double
        public var isDeleted: Bool

        public init(_ entry: WaterEntry) {
            id = entry.id
            at = entry.at
            amountML = entry.amountML
            isDeleted = entry.meta.isDeleted
        }
    }

    public static let window: TimeInterval = 120
    public static let amountTolerance = 1.0

    /// The glasses to store.
    public private(set) var additions: [Glass] = []
    /// Glasses that match an entry stored before (logged by hand, or by another import).
    public private(set) var duplicates = 0
    /// Glasses this import made before.
    public private(set) var alreadyImported = 0

    /// Plans `glasses` against `stored`: every entry of the person's whose time lies within the glasses'
    /// span widened by the window, deleted ones included.
    public init(_ glasses: [Glass], stored: [WaterEntry]) {
        self.init(glasses, stored: stored.map(Stored.init))
    }

    /// `glasses` is taken over, not copied: a large import (Health's hundreds of thousands of glasses) holds
    /// its glasses once, sorted and cut down in place (in order) into ``additions``.
    public init(_ glasses: consuming [Glass], stored: [Stored]) {
        let storedIDs = Set(stored.map(\.id))
        var live = stored.filter { !$0.isDeleted }.sorted { $0.at < $1.at }
        var taken = Set<UUID>()
        var fresh = glasses
        var kept = 0
        for index in fresh.indices {
            if storedIDs.contains(fresh[index].id) {
                alreadyImported += 1
                taken.insert(fresh[index].id)
            } else {
                if kept != index { fresh[kept] = fresh[index] }
                kept += 1
            }
        }
        fresh.removeLast(fresh.count - kept)
        live.removeAll { taken.contains($0.id) }
        var matched = [Bool](repeating: false, count: live.count)
        fresh.sort { $0.fields.at < $1.fields.at }
        kept = 0
        for index in fresh.indices {
            if let match = Self.match(fresh[index].fields, in: live, matched: matched) {
                matched[match] = true
                duplicates += 1
            } else {
                if kept != index { fresh[kept] = fresh[index] }
                kept += 1
            }
        }
        fresh.removeLast(fresh.count - kept)
        additions = fresh
    }

    /// The unmatched stored entry closest in time to `fields` within the window and the amount's
    /// tolerance.
    private static func match(_ fields: WaterEntryFields, in live: [Stored], matched: [Bool]) -> Int? {
        let earliest = fields.at.addingTimeInterval(-window)
        var low = 0
        var high = live.count
        while low < high {
            let middle = (low + high) / 2
            if live[middle].at < earliest { low = middle + 1 } else { high = middle }
        }
        var best: (index: Int, distance: TimeInterval)?
        var index = low
        while index < live.count, live[index].at <= fields.at.addingTimeInterval(window) {
            let distance = abs(live[index].at.timeIntervalSince(fields.at))
            if !matched[index], abs(live[index].amountML - fields.amountML) <= amountTolerance,
                distance < best?.distance ?? .infinity
            {
                best = (index, distance)
            }
            index += 1
        }
        return best?.index
    }
}
