import Foundation
import TallyCore
import TallyStorage

extension ImportService {
    /// Plans and (unless a dry run) stores a diary's entries as journal days, in one transaction.
    func importJournal(_ entries: [DaylioEntry], moods: DaylioMoods, dryRun: Bool) async throws -> ImportReport {
        let now = scope.clock.now()
        var stored: [JournalEntry] = []
        if let first = entries.map(\.day).min(), let last = entries.map(\.day).max() {
            stored = try await scope.store.records(
                JournalEntry.self, owner: scope.owner, .days(first...last, includingDeleted: true))
        }
        let owner = scope.owner
        let plan = try JournalImportPlan(
            entries, moods: moods, stored: stored, id: { Self.provenanceID("daylio day \($0)", owner: owner) })
        var records: [AnyRecord] = []
        // A new entry is made after every change seen here, so it wins over a deleted entry of its day
        // (as the journal's own save does).
        let seen = try await scope.store.currentStamp(owner: owner).millis
        let created = max(now, Date(millisecondsSince1970: seen + 1))
        for change in plan.additions {
            let fields = try Self.checked(change)
            records.append(
                AnyRecord(JournalEntry(meta: meta(change.id, at: created), date: change.day, fields: fields)))
        }
        for change in plan.updates {
            guard var entry = change.replacing else { continue }
            entry.fields = try Self.checked(change)
            entry.meta.modifiedAt = now
            records.append(AnyRecord(entry))
        }
        if !dryRun, !records.isEmpty { _ = try await scope.store.write(records, now: now) }
        return ImportReport(
            format: .daylio, dryRun: dryRun, added: plan.additions.count, updated: plan.updates.count,
            duplicates: plan.duplicates, unchanged: plan.alreadyImported)
    }

    static func checked(_ change: JournalImportPlan.Change) throws(TallyError) -> JournalEntryFields {
        let result: Result<JournalEntryFields, TallyError> = Result { () throws(TallyError) in
            try change.fields.validated()
        }
        switch result {
        case .success(let fields): return fields
        case .failure(let error): throw .unreadable("the entries of \(change.day) cannot be kept: \(error)")
        }
    }
}
