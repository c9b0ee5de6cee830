import Foundation
import TallyCore

/// Health's glasses of water as they are read, kept small: each sample becomes its provenance id and its
/// fields at once (the sample's texts are dropped), and the few time zone names are shared, so an export
/// with hundreds of thousands of glasses holds tens of bytes for each.
struct HealthGlasses {
    let owner: UUID
    let now: Date
    private(set) var glasses: [WaterImportPlan.Glass] = []
    /// How many times each record was seen, by the id of its first copy: two identical records (same
    /// source, time and amount) are two glasses, and the second gets its own id.
    private var copies: [UUID: Int] = [:]
    private var zones: [String: String] = [:]

    init(owner: UUID, now: Date) {
        self.owner = owner
        self.now = now
    }

    mutating func add(_ samples: [HealthWaterSample]) throws(TallyError) {
        for sample in samples {
            var fields = try ImportService.fields(of: sample, now: now)
            fields.timeZoneID = shared(fields.timeZoneID)
            let key = "apple-health water\n\(sample.source)\n\(sample.startText)\n\(sample.valueText)"
            let first = ImportService.provenanceID("\(key)\n0", owner: owner)
            let copy = copies[first, default: 0]
            copies[first] = copy + 1
            let id = copy == 0 ? first : ImportService.provenanceID("\(key)\n\(copy)", owner: owner)
            glasses.append(.init(id: id, fields: fields))
        }
    }

    /// The one copy of a zone's name every glass in it refers to.
    private mutating func shared(_ zone: String) -> String {
        if let known = zones[zone] { return known }
        zones[zone] = zone
        return zone
    }
}
