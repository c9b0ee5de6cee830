import Foundation
import TallyCore
import TallyStorage

extension ImportService {
    /// Reads Health's glasses of water from `file` as it streams, then plans and (unless a dry run) stores
    /// them as entries from an import.
    func importHealthWater(_ file: ImportFile, dryRun: Bool) async throws -> ImportReport {
        let now = scope.clock.now()
        let (glasses, records) = try Self.glasses(in: file, owner: scope.owner, now: now)
        // An export with no water says so, and what it read, rather than "would add 0".
        guard !glasses.isEmpty else {
            let grouped = String(records).reversed().enumerated().map { $0 > 0 && $0 % 3 == 0 ? ",\($1)" : "\($1)" }
            let read =
                records == 0
                ? "no records at all"
                : "\(String(grouped.joined().reversed())) \(records == 1 ? "record" : "records") of other types"
            throw TallyError.unreadable(
                "\(file.url.lastPathComponent) holds no water: no DietaryWater record "
                    + "(HKQuantityTypeIdentifierDietaryWater) among \(read), the only water Tally reads from Apple Health"
            )
        }
        return try await importWater(consume glasses, now: now, dryRun: dryRun)
    }

    /// Every glass in the export, read as it streams (only the glasses are kept), and how many records the
    /// export holds of any type.
    static func glasses(
        in file: ImportFile, owner: UUID, now: Date
    ) throws -> (glasses: [WaterImportPlan.Glass], records: Int) {
        var reader = AppleHealthWaterReader()
        var glasses = HealthGlasses(owner: owner, now: now)
        try file.read { chunk in
            try reader.feed(chunk)
            try glasses.add(reader.takeSamples())
        }
        try glasses.add(reader.finish())
        return (glasses.glasses, reader.recordCount)
    }

    /// Entries are written this many at a time, so a large import never holds them all as records.
    static let waterBatch = 5_000

    /// Plans `glasses` against the entries stored around their times and stores the new ones. The whole
    /// file is read and checked before anything is written: a bad file stores nothing. The entries are then
    /// written in batches, each its own commit; should the store fail part way, importing the file again
    /// adds exactly what is missing (every glass has its provenance id).
    /// `glasses` are taken over by the plan (held once, not copied), and each batch's records are made as
    /// it is written, so the import holds the glasses to add and one batch.
    func importWater(
        _ glasses: consuming [WaterImportPlan.Glass], now: Date, dryRun: Bool
    ) async throws
        -> ImportReport
    {
        let stored = try await storedWater(around: glasses)
        let plan = WaterImportPlan(consume glasses, stored: stored)
        if !dryRun {
            var start = 0
            while start < plan.additions.count {
                let batch = plan.additions[start..<min(start + Self.waterBatch, plan.additions.count)]
                let entries = batch.map { glass in
                    AnyRecord(WaterEntry(meta: meta(glass.id, at: now), fields: glass.fields, source: .import))
                }
                _ = try await scope.store.write(entries, now: now)
                start += Self.waterBatch
            }
        }
        return ImportReport(
            format: .appleHealth, dryRun: dryRun, added: plan.additions.count, updated: 0,
            duplicates: plan.duplicates, unchanged: plan.alreadyImported)
    }

    /// What the plan needs of every entry (deleted ones too) within the window of the glasses' span, read a
    /// month at a time so that years of stored entries are never all in memory as records.
    private func storedWater(around glasses: [WaterImportPlan.Glass]) async throws -> [WaterImportPlan.Stored] {
        guard var first = glasses.first?.fields.at else { return [] }
        var last = first
        for glass in glasses {
            first = min(first, glass.fields.at)
            last = max(last, glass.fields.at)
        }
        let window = Int64(WaterImportPlan.window * 1_000)
        let month: Int64 = 31 * 86_400_000
        var stored: [WaterImportPlan.Stored] = []
        var low = first.millisecondsSince1970 - window
        let high = last.millisecondsSince1970 + window
        while low <= high {
            let upper = min(low + month - 1, high)
            let entries = try await scope.store.records(
                WaterEntry.self, owner: scope.owner, RecordQuery(searchKeys: low...upper, includingDeleted: true))
            stored.append(contentsOf: entries.map(WaterImportPlan.Stored.init))
            low = upper + 1
        }
        return stored
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
