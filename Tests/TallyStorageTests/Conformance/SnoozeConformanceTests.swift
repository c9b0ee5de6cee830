import Foundation
import TallyCore
import TallyStorage
import Testing

/// Snoozed notifications, on every database: kept with their words and button, listed from an instant on,
/// the same key kept once, each user's apart, and forgotten once long past.
@Suite struct SnoozeConformanceTests {
    @Test(arguments: Database.available)
    func snoozesComeBackWithTheirWordsAndButton(_ database: Database) async throws {
        try await database.withStore { subject in
            let store = subject.store
            let now = StoreUnderTest.now
            let skill = UUID()
            let nudge = PlannedNotification(
                due: now, kind: .water, title: "Time for some water", body: "Half way.",
                action: .addWater(millilitres: 250)
            ).snoozed(now: now)
            let task = PlannedNotification(
                due: now, kind: .skill, sourceID: skill, title: "Guitar", body: "Not done yet.",
                action: .completeSkill(skill, day: LocalDay("2026-11-22")!)
            ).snoozed(now: now, minutes: 30)
            try await store.addSnooze(task, owner: LocalUser.id)
            try await store.addSnooze(nudge, owner: LocalUser.id)
            try await store.addSnooze(nudge, owner: LocalUser.id)
            try await store.addSnooze(nudge, owner: UUID())
            #expect(try await store.snoozes(owner: LocalUser.id, from: now) == [nudge, task])
            #expect(try await store.snoozes(owner: LocalUser.id, from: nudge.due.addingTimeInterval(1)) == [task])
            try await store.pruneDeliveries(before: task.due)
            #expect(try await store.snoozes(owner: LocalUser.id, from: now) == [task])
        }
    }
}
