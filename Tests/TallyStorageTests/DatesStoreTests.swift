import Foundation
import TallyCore
import TallySQLite
import TallyServices
import Testing

private func instant(_ text: String) -> Date { TimeInput.parseISO(text, zone: TimeZone(identifier: "UTC")!)! }

/// Trackers, reminders, events, journal entries and images on a real SQLite file.
@Suite struct DatesStoreTests {
    static let jpeg = Data(
        [0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10, 0x4A, 0x46, 0x49, 0x46, 0x00, 0x01, 0x01, 0x00, 0x00, 0x01, 0x00, 0x01]
            + [0x00, 0x00, 0xFF, 0xDA, 0x00, 0x02, 0x12, 0x34, 0xFF, 0xD9])

    @Test func everyKindRoundTripsThroughTheFileAndTheChangeFeed() async throws {
        let fixture = try StoreFixture()
        let scope = fixture.scope
        let image = try await scope.images.upload(Self.jpeg)
        let tracker = try await scope.trackers.create(
            DateTrackerFields(
                title: "Wedding", targetDate: instant("2027-06-12T15:00:00-04:00"),
                timeZoneID: "America/New_York", allDay: false, type: .till, category: "Family", colorTheme: .pink,
                imageUrl: image, displayUnits: [.months, .days, .hours]))
        let reminder = try await scope.reminders.create(
            ReminderFields(
                title: "Dentist", description: "Bring the card", date: instant("2026-12-01T09:00:00-05:00"),
                timeZoneID: "America/New_York"))
        let event = try await scope.events.create(
            CalendarEventFields(
                title: "Yoga", startDate: instant("2026-10-05T18:30:00-04:00"), timeZoneID: "America/New_York",
                recurrenceRule: "FREQ=WEEKLY;BYDAY=MO", excludedDates: [instant("2026-11-23T18:30:00-05:00")]))
        let entry = try await scope.journal.save(
            on: LocalDay("2026-11-22")!, JournalEntryFields(notes: "Calm", moodRating: 4, imageUrl: image))

        let reopened = try fixture.reopened()
        #expect(try await reopened.trackers.tracker(id: tracker.id) == tracker)
        #expect(try await reopened.reminders.reminder(id: reminder.id) == reminder)
        #expect(try await reopened.events.event(id: event.id) == event)
        #expect(try await reopened.journal.entry(on: LocalDay("2026-11-22")!) == entry)
        #expect(try await reopened.images.image(named: ImageReference.name(in: image)!)?.data == Self.jpeg)

        let kinds = try await fixture.store.changes(owner: LocalUser.id, after: 0, limit: 100).records.map(\.kind.id)
        #expect(Set(kinds) == ["tracker", "reminder", "event", "journal entry"])

        // A backup carries every kind and restores it into an empty store.
        let backup = try await scope.backup.exportJSON()
        let other = try StoreFixture()
        _ = try await other.scope.backup.importJSON(backup)
        #expect(try await other.scope.trackers.all().map(\.fields) == [tracker.fields])
        #expect(try await other.scope.events.all().map(\.event.fields) == [event.fields])
        #expect(try await other.scope.journal.entry(on: LocalDay("2026-11-22")!)?.fields == entry.fields)
    }

    @Test func aDayHasOneJournalEntryEvenAfterDeleteAndAcrossReplicas() async throws {
        let fixture = try StoreFixture()
        let day = LocalDay("2026-11-22")!
        let first = try await fixture.scope.journal.save(on: day, JournalEntryFields(notes: "Morning"))
        let second = try await fixture.scope.journal.save(on: day, JournalEntryFields(notes: "Evening", moodRating: 5))
        #expect(first.id == second.id)
        try await fixture.scope.journal.delete(on: day)
        #expect(try await fixture.scope.journal.entry(on: day) == nil)
        let again = try await fixture.scope.journal.save(on: day, JournalEntryFields(moodRating: 2))
        // The day's next life: a new record, created later, that wins over the deleted one everywhere.
        #expect(again.id != first.id && again.fields.notes == nil)
        #expect(again.meta.createdAt > first.meta.createdAt)
        #expect(try await fixture.scope.journal.entries(from: day, to: day).map(\.id) == [again.id])

        // Another replica started the same day under another id, later: it replaces ours, one row remains.
        let other = try StoreFixture(now: StoreFixture.now.addingTimeInterval(60))
        let theirs = try await other.scope.journal.save(on: day, JournalEntryFields(notes: "From the phone"))
        #expect(try await fixture.store.merge([AnyRecord(theirs)], now: StoreFixture.now).updated == 1)
        #expect(try await fixture.scope.journal.entry(on: day)?.fields.notes == "From the phone")
        #expect(try await fixture.scope.journal.entries(from: day, to: day).count == 1)
    }

    @Test func refusedWritesChangeNothing() async throws {
        let fixture = try StoreFixture()
        let before = try await fixture.scope.backup.exportJSON()
        await #expect(throws: TallyError.self) {
            try await fixture.scope.events.create(
                CalendarEventFields(
                    title: "Bad", startDate: StoreFixture.now, timeZoneID: "America/New_York",
                    recurrenceRule: "FREQ=WEEKLY;BYDAY=XX"))
        }
        await #expect(throws: TallyError.self) {
            try await fixture.scope.journal.save(on: LocalDay("2026-11-22")!, JournalEntryFields(moodRating: 0))
        }
        await #expect(throws: TallyError.self) {
            // An image address that was never uploaded.
            try await fixture.scope.journal.save(
                on: LocalDay("2026-11-22")!,
                JournalEntryFields(notes: "x", imageUrl: "/images/\(String(repeating: "a", count: 64)).jpg"))
        }
        await #expect(throws: TallyError.self) { try await fixture.scope.images.upload(Data("hello".utf8)) }
        #expect(try await fixture.scope.backup.exportJSON() == before)
    }

    @Test func skippingAnOccurrenceThatIsNotOneIsRefused() async throws {
        let fixture = try StoreFixture()
        let event = try await fixture.scope.events.create(
            CalendarEventFields(
                title: "Yoga", startDate: instant("2026-10-05T18:30:00-04:00"), timeZoneID: "America/New_York",
                recurrenceRule: "FREQ=WEEKLY;BYDAY=MO"))
        await #expect(throws: TallyError.self) {
            try await fixture.scope.events.skip(id: event.id, occurrence: instant("2026-11-24T18:30:00-05:00"))
        }
        let skipped = try await fixture.scope.events.skip(
            id: event.id, occurrence: instant("2026-11-23T18:30:00-05:00"))
        #expect(skipped.schedule.next(after: StoreFixture.now) == instant("2026-11-30T18:30:00-05:00"))
        let restored = try await fixture.scope.events.restore(
            id: event.id, occurrence: instant("2026-11-23T18:30:00-05:00"))
        #expect(restored.schedule.next(after: StoreFixture.now) == instant("2026-11-23T18:30:00-05:00"))
    }
}
