import Crypto
import Foundation
import TallyCore
import TallyStorage

/// Brings a person's history in from a file: a Tally backup, or another tracker's export. Every import is
/// all or nothing (one transaction), and importing the same file again changes nothing.
public struct ImportService: Sendable {
    let scope: UserScope

    /// Imports the file at `url` (its format told by its content unless `format` names one); a dry run
    /// reports the same figures and stores nothing.
    public func run(_ url: URL, format: ImportFormat? = nil, dryRun: Bool = false) async throws -> ImportReport {
        let file = try ImportFile(url, forced: format)
        switch file.format {
        case .tally:
            guard !dryRun else {
                throw TallyError.invalid(
                    field: "dryRun",
                    reason: "a Tally backup has no dry run: it merges whole, and importing it twice changes nothing")
            }
            var data = Data()
            try file.read { data.append($0) }
            let result = try await scope.backup.importJSON(data)
            return ImportReport(
                format: .tally, dryRun: false, added: result.inserted, updated: result.updated, duplicates: 0,
                unchanged: result.unchanged)
        case .appleHealth:
            var reader = AppleHealthWaterReader()
            try file.read { chunk in try reader.feed(chunk) }
            return try await importWater(try reader.finish(), dryRun: dryRun)
        }
    }

    /// Plans and (unless a dry run) stores Health's glasses of water, as entries from an import.
    func importWater(_ samples: [HealthWaterSample], dryRun: Bool) async throws -> ImportReport {
        let now = scope.clock.now()
        var seen: [String: Int] = [:]
        var glasses: [WaterImportPlan.Glass] = []
        glasses.reserveCapacity(samples.count)
        for sample in samples {
            let fields = try Self.fields(of: sample, now: now)
            // Two identical records (same source, time and amount) are two glasses: the second gets its own id.
            let key = "apple-health water\n\(sample.source)\n\(sample.startText)\n\(sample.valueText)"
            let occurrence = seen[key, default: 0]
            seen[key] = occurrence + 1
            glasses.append(.init(id: Self.provenanceID("\(key)\n\(occurrence)", owner: scope.owner), fields: fields))
        }
        let times = glasses.map(\.fields.at)
        var stored: [WaterEntry] = []
        if let first = times.min(), let last = times.max() {
            let window = Int64(WaterImportPlan.window * 1_000)
            let range = (first.millisecondsSince1970 - window)...(last.millisecondsSince1970 + window)
            stored = try await scope.store.records(
                WaterEntry.self, owner: scope.owner, RecordQuery(searchKeys: range, includingDeleted: true))
        }
        let plan = WaterImportPlan(glasses, stored: stored)
        if !dryRun, !plan.additions.isEmpty {
            let entries = plan.additions.map { glass in
                AnyRecord(
                    WaterEntry(
                        meta: RecordMeta(
                            id: glass.id, ownerID: scope.owner, createdAt: now, modifiedAt: now,
                            deviceID: scope.store.deviceID, stamp: .zero),
                        fields: glass.fields, source: .import))
            }
            _ = try await scope.store.write(entries, now: now)
        }
        return ImportReport(
            format: .appleHealth, dryRun: dryRun, added: plan.additions.count, updated: 0,
            duplicates: plan.duplicates, unchanged: plan.alreadyImported)
    }

    /// A sample's fields as stored, or an error naming its line in the file.
    static func fields(of sample: HealthWaterSample, now: Date) throws(TallyError) -> WaterEntryFields {
        let checked: Result<WaterEntryFields, TallyError> = Result { () throws(TallyError) in
            let fields = try WaterEntryFields(at: sample.at, timeZoneID: sample.timeZoneID, amountML: sample.amountML)
                .validated()
            try LoggedTime.check(fields.at, now: now)
            return fields
        }
        switch checked {
        case .success(let fields): return fields
        case .failure(let error): throw .unreadable("line \(sample.line): a water record is refused: \(error)")
        }
    }

    /// The id of an imported item: the same item of the same person's always gets the same id (a name-based
    /// UUID, version 8, from SHA-256), so a second import finds it stored.
    static func provenanceID(_ key: String, owner: UUID) -> UUID {
        var bytes = Array(SHA256.hash(data: Data("\(owner.uuidString)\n\(key)".utf8)).prefix(16))
        bytes[6] = (bytes[6] & 0x0F) | 0x80
        bytes[8] = (bytes[8] & 0x3F) | 0x80
        return UUID(
            uuid: (
                bytes[0], bytes[1], bytes[2], bytes[3], bytes[4], bytes[5], bytes[6], bytes[7], bytes[8], bytes[9],
                bytes[10], bytes[11], bytes[12], bytes[13], bytes[14], bytes[15]
            ))
    }
}
