import Foundation
import TallyCore
import TallyStorage

/// The bladder diary's "went to bed" and "got up" marks (``SleepMark``): one of each per diary day, set
/// again to move it, removed to fall back on the sleep window of Settings.
public struct SleepMarkService: Sendable {
    let scope: UserScope

    /// Sets the draft's mark, in place of the one of its day and kind if there is one.
    @discardableResult
    public func mark(_ draft: SleepMarkDraft) async throws -> SleepMark {
        let now = try await scope.now()
        let (day, at, zoneID) = try draft.resolved(now: now)
        let key = "\(day) \(draft.kind.rawValue)"
        let instant = now.instant
        var mark: SleepMark
        // One mark per day and kind (its natural key): a mark removed before comes back under its own id.
        let query = RecordQuery(naturalKey: key, includingDeleted: true)
        if var stored = try await scope.store.records(SleepMark.self, owner: scope.owner, query).first {
            guard stored.meta.isDeleted || stored.at != at || stored.timeZoneID != zoneID else { return stored }
            stored.at = at
            stored.timeZoneID = zoneID
            stored.meta.isDeleted = false
            stored.meta.modifiedAt = instant
            mark = stored
        } else {
            mark = SleepMark(meta: scope.newMeta(at: instant), day: day, kind: draft.kind, at: at, timeZoneID: zoneID)
        }
        mark = try mark.validated(in: RecordBatch([]))
        return try await scope.store.write(mark, now: instant)
    }

    /// The marks of the diary days `from...to`, by day then kind.
    public func marks(from: LocalDay, to: LocalDay) async throws -> [SleepMark] {
        try BathroomService.checkRange(from: from, to: to)
        return try await scope.store.records(SleepMark.self, owner: scope.owner, .days(from...to))
            .sorted(by: SleepMark.backupOrder)
    }

    /// Removes the mark of `kind` on diary day `day`; the day then follows the sleep window.
    public func remove(_ kind: SleepMark.Kind, on day: LocalDay) async throws {
        let key = "\(day) \(kind.rawValue)"
        guard
            var mark = try await scope.store.records(SleepMark.self, owner: scope.owner, RecordQuery(naturalKey: key))
                .first
        else { throw TallyError.notFound(kind: "\(kind.label.lowercased()) mark", id: day.description) }
        let instant = scope.clock.now()
        mark.meta.isDeleted = true
        mark.meta.modifiedAt = instant
        _ = try await scope.store.write(mark, now: instant)
    }
}
