import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// The bladder diary's sleep marks on every database: one per diary day and kind (marking again moves
/// it), removed as a tombstone, read by days, and followed by the report's night.
@Suite struct SleepMarkConformanceTests {
    @Test(arguments: Database.available)
    func markingAgainMovesTheDaysMarkAndTheReportFollowsIt(_ database: Database) async throws {
        try await database.withStore { store in
            let scope = store.scope()
            let night = LocalDay("2026-11-20")!
            _ = try await scope.bathroom.log(at: TimeInput.parseInstant("2026-11-20T08:00:00-05:00")!, volumeML: 300)
            _ = try await scope.bathroom.log(at: TimeInput.parseInstant("2026-11-20T23:30:00-05:00")!, volumeML: 200)
            _ = try await scope.bathroom.log(at: TimeInput.parseInstant("2026-11-21T07:30:00-05:00")!, volumeML: 400)
            let first = try await scope.sleepMarks.mark(SleepMarkDraft(kind: .bed, at: .typed("22:30"), day: night))
            let moved = try await scope.sleepMarks.mark(SleepMarkDraft(kind: .bed, at: .typed("00:15"), day: night))
            #expect(moved.id == first.id && moved.localDateTime.minuteText == "2026-11-21T00:15")
            let marks = try await scope.sleepMarks.marks(from: night, to: night.adding(days: 1))
            #expect(marks.map(\.id) == [first.id])
            // To bed at 00:15: the void at 23:30 is the day's, not the night's.
            var report = try await scope.bathroom.report(from: night, to: night)
            #expect(report.days[0].nightFrequency == 0 && report.days[0].dayFrequency == 2)

            try await scope.sleepMarks.remove(.bed, on: night)
            #expect(try await scope.sleepMarks.marks(from: night, to: night).isEmpty)
            report = try await scope.bathroom.report(from: night, to: night)
            #expect(report.days[0].nightFrequency == 1)
            let tombstones = try await store.store.records(
                SleepMark.self, owner: LocalUser.id, RecordQuery(includingDeleted: true))
            #expect(tombstones.count == 1 && tombstones[0].meta.isDeleted)
            // Marked again after its removal: the same record comes back (one per day and kind, tombstones too).
            let again = try await scope.sleepMarks.mark(SleepMarkDraft(kind: .bed, at: .typed("23:50"), day: night))
            #expect(again.id == first.id && !again.meta.isDeleted)
            #expect(try await scope.sleepMarks.marks(from: night, to: night).map(\.id) == [first.id])
        }
    }

    @Test(arguments: Database.available)
    func aMarkInTheFutureOrOffItsDayIsRefusedAndNothingIsStored(_ database: Database) async throws {
        try await database.withStore { store in
            let scope = store.scope()
            await #expect(throws: TallyError.self) {
                try await scope.sleepMarks.mark(SleepMarkDraft(kind: .wake, at: .typed("2026-12-01T07:00")))
            }
            await #expect(throws: TallyError.self) {
                try await scope.sleepMarks.mark(SleepMarkDraft(kind: .wake, at: .typed("soon")))
            }
            let marks = try await scope.sleepMarks.marks(from: LocalDay("2026-11-01")!, to: LocalDay("2026-12-31")!)
            #expect(marks.isEmpty)
        }
    }
}
