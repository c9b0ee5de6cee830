import Foundation
import TallyCore
import TallyStorage

extension ImportService {
    /// Plans and (unless a dry run) stores another tracker's habits as skills, their days as completions,
    /// and their notes as moments, in one transaction.
    func importHabits(_ habits: [ImportedHabit], format: ImportFormat, dryRun: Bool) async throws -> ImportReport {
        let now = scope.clock.now()
        let today = try await scope.now().today
        let query = RecordQuery(includingDeleted: true)
        let stored = HabitImportPlan.Stored(
            skills: try await scope.store.records(Skill.self, owner: scope.owner, query),
            completions: try await scope.store.records(SkillCompletion.self, owner: scope.owner, query),
            momentIDs: Set(try await scope.store.records(MemorableMoment.self, owner: scope.owner, query).map(\.id)))
        let owner = scope.owner
        let plan = try HabitImportPlan(
            habits, source: format.title, stored: stored, today: today,
            id: { Self.provenanceID("\(format.rawValue) \($0)", owner: owner) }, meta: { meta($0, at: now) })
        if !dryRun, plan.additions > 0 {
            let records =
                plan.skills.map(AnyRecord.init) + plan.completions.map(AnyRecord.init)
                + plan.moments.map(AnyRecord.init)
            _ = try await scope.store.write(records, now: now)
        }
        return ImportReport(
            format: format, dryRun: dryRun, added: plan.additions, updated: 0, duplicates: plan.duplicates,
            unchanged: plan.alreadyImported,
            addedByKind: [
                "skills": plan.skills.count, "completions": plan.completions.count, "notes": plan.moments.count,
            ])
    }
}
