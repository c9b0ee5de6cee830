import Foundation
import TallyCore
import TallyStorage

extension ImportService {
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
                AnyRecord(WaterEntry(meta: meta(glass.id, at: now), fields: glass.fields, source: .import))
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
}
