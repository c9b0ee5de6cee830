import Foundation
import Testing

@testable import TallyCore

@Suite struct BathroomEventTests {
    func fields(
        note: String? = nil, volume: Int? = nil, urgency: Int? = nil, zone: String = "Europe/Berlin"
    )
        -> BathroomEventFields
    {
        BathroomEventFields(
            at: Fixture.instant("2026-11-22T08:00:00Z"), timeZoneID: zone, note: note, volumeML: volume,
            urgency: urgency)
    }

    @Test func acceptsAFullDiaryEntryAndTrimsTheNote() throws {
        let checked = try fields(note: "  after coffee \n", volume: 350, urgency: 4).validated()
        #expect(checked.note == "after coffee")
        #expect(checked.volumeML == 350)
    }

    @Test func blankNoteBecomesNone() throws {
        #expect(try fields(note: "   ").validated().note == nil)
    }

    @Test func refusesNegativeVolume() {
        #expect(throws: TallyError.invalid(field: "volume", reason: "-5 ml is outside 0...5000 ml")) {
            try fields(volume: -5).validated()
        }
    }

    @Test func refusesUrgencySeven() {
        #expect(throws: TallyError.invalid(field: "urgency", reason: "7 is outside the scale 0...4")) {
            try fields(urgency: 7).validated()
        }
    }

    @Test func refusesNotesOverTenThousandCharacters() throws {
        #expect(throws: TallyError.self) { try fields(note: String(repeating: "a", count: 10_001)).validated() }
        #expect(try fields(note: String(repeating: "a", count: 10_000)).validated().note?.count == 10_000)
    }

    @Test func refusesUnknownZonesAndOffsetsNoPlaceHas() {
        #expect(throws: TallyError.self) { try fields(zone: "Mars/Olympus").validated() }
        #expect(throws: TallyError.self) { try fields(zone: "GMT-18").validated() }
        #expect(throws: TallyError.self) { try fields(zone: "GMT+15").validated() }
        #expect((try? fields(zone: "Pacific/Kiritimati").validated()) != nil)
    }

    @Test func refusesTimesOutsideYearsOneToNineThousand() {
        var early = fields()
        early.at = Fixture.instant("0000-12-31T23:30:00Z")
        #expect(throws: TallyError.self) { try early.validated() }
        var late = fields()
        late.at = Fixture.instant("9999-12-31T12:00:00Z")
        #expect(throws: TallyError.self) { try late.validated() }
    }

    @Test func travellersEventStaysOnTheDayItWasMade() {
        // Logged at 23:30 in New York on the 21st: it is already the 22nd in Berlin, where the user lives now.
        let event = Fixture.event("2026-11-21T23:30:00-05:00", zone: Fixture.newYork)
        #expect(event.localDay(DayBoundary()) == Fixture.day("2026-11-21"))
        #expect(DayBoundary().day(of: event.at, in: Fixture.berlin) == Fixture.day("2026-11-22"))
        let days = BathroomHistory.days([event], boundary: DayBoundary())
        #expect(days.map(\.day) == [Fixture.day("2026-11-21")])
    }

    @Test func historyIsNewestDayFirstAndNewestEventFirst() {
        let a = Fixture.event("2026-11-20T08:00:00-05:00")
        let b = Fixture.event("2026-11-21T07:00:00-05:00")
        let c = Fixture.event("2026-11-21T22:00:00-05:00")
        let days = BathroomHistory.days([a, b, c], boundary: DayBoundary())
        #expect(days.map(\.day) == [Fixture.day("2026-11-21"), Fixture.day("2026-11-20")])
        #expect(days[0].events.map(\.id) == [c.id, b.id])
    }
}
