import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import Testing

/// What the page's offline queue relies on: a log sent again with the id the device made stores nothing
/// new, whether it comes from a form or the API, and a tick sent again changes nothing stored.
@Suite struct ReplayedLogTests {
    @Test func aWaterFormSentTwiceWithItsIDStoresOneEntry() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let id = UUID()
            let fields = ["amount": "330", "at": "2026-11-22T14:55:00Z", "id": id.uuidString]
            let first = try await client.form("/water/entries", fields)
            #expect(first.status == .seeOther && first.headers[.location] == "/water?added=\(id.uuidString)")
            let stored = try await fixture.snapshot()
            let again = try await client.form("/water/entries", fields)
            #expect(again.status == .seeOther && again.headers[.location] == "/water?added=\(id.uuidString)")
            #expect(try await fixture.snapshot() == stored)
            let entries = try await fixture.scope.water.entries(from: ServerFixture.today, to: ServerFixture.today)
            #expect(entries.map(\.id) == [id] && entries.first?.amountML == 330)
        }
    }

    @Test func aDeletedEntrySentAgainStaysDeleted() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let id = UUID()
            _ = try await client.form("/water/entries", ["amount": "250", "id": id.uuidString])
            #expect(try await client.form("/water/entries/\(id.uuidString)/delete", [:]).status == .seeOther)
            let stored = try await fixture.snapshot()
            // Not answered as if it had been added: refused (the offline queue drops it and shows why).
            let again = try await client.form("/water/entries", ["amount": "250", "id": id.uuidString])
            #expect(again.status == .badRequest)
            let refusal = "was deleted after it was logged, so it was not added again"
            #expect(WebTests.banner(again.text)?.contains(refusal) == true)
            #expect(try await fixture.snapshot() == stored)
            #expect(try await fixture.scope.water.today().entries.isEmpty)
        }
    }

    @Test func aBathroomEventSentTwiceWithItsIDStoresOneEvent() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let id = UUID()
            let fields = ["at": "2026-11-22T09:40", "note": "before the train", "id": id.uuidString]
            #expect(try await client.form("/bathroom/events", fields).status == .seeOther)
            let stored = try await fixture.snapshot()
            #expect(try await client.form("/bathroom/events", fields).status == .seeOther)
            #expect(try await fixture.snapshot() == stored)
            #expect(try await fixture.scope.bathroom.today().events.map(\.id) == [id])
        }
    }

    @Test func aFormWithABrokenIDIsRefusedAndStoresNothing() async throws {
        let fixture = try ServerFixture()
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            let water = try await client.form("/water/entries", ["amount": "250", "id": "not-an-id"])
            #expect(water.status == .badRequest)
            #expect(WebTests.banner(water.text)?.contains("not one ('not-an-id')") == true)
            #expect(try await client.form("/bathroom/events", ["id": "12"]).status == .badRequest)
        }
        #expect(try await fixture.snapshot() == before)
    }

    @Test func theAPIAnswersAReplayWithTheEntryStoredFirst() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let id = UUID().uuidString
            let body = #"{"id":"\#(id)","amountMl":250}"#
            let first = try await client.json(.post, "/api/v1/water/entries", body)
            #expect(first.status == .created)
            #expect(try first.decoded()["id"] as? String == id)
            let replay = try await client.json(.post, "/api/v1/water/entries", #"{"id":"\#(id)","amountMl":900}"#)
            #expect(replay.status == .created)
            #expect(try replay.decoded()["amountMl"] as? Double == 250)
            let list = try await client.json(.get, "/api/v1/water/entries").decoded()
            #expect(list["count"] as? Int == 1)

            let event = UUID().uuidString
            for _ in 0..<2 {
                let created = try await client.json(.post, "/api/v1/bathroom/events", #"{"id":"\#(event)"}"#)
                #expect(created.status == .created)
                #expect(try created.decoded()["id"] as? String == event)
            }
            #expect(try await fixture.scope.bathroom.today().events.count == 1)
            // Deleted since: a replay is told so, not handed an event no read shows.
            #expect(try await client.json(.delete, "/api/v1/bathroom/events/\(event)").status == .noContent)
            let afterDelete = try await client.json(.post, "/api/v1/bathroom/events", #"{"id":"\#(event)"}"#)
            #expect(afterDelete.status == .conflict)
            #expect(
                afterDelete.text.contains(
                    "this bathroom event was deleted after it was logged, so it was not added again (id \(event))"))
            #expect(try await fixture.scope.bathroom.today().events.isEmpty)

            let bad = try await client.json(.post, "/api/v1/water/entries", #"{"id":"x","amountMl":250}"#)
            #expect(bad.status == .badRequest && bad.text.contains("'x' is not a UUID"))
            let other = UUID().uuidString
            let moved = try await client.json(.put, "/api/v1/water/entries/\(id)", #"{"id":"\#(other)"}"#)
            #expect(moved.status == .badRequest && moved.text.contains("not the id in the address"))
        }
    }

    @Test func aTickSentAgainChangesNothingStored() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            #expect(try await client.form("/skills/quick", ["name": "Guitar"]).status == .seeOther)
            let skill = try await fixture.scope.skills.find("Guitar").id
            let tick = ["level": "full", "date": "2026-11-22", "returnTo": "/skills"]
            let routine = ["habit": "stretch", "level": "partial", "date": "2026-11-22"]
            #expect(try await client.form("/skills/\(skill)/complete", tick).status == .seeOther)
            #expect(try await client.form("/skills/routine", routine).status == .seeOther)
            let stored = try await fixture.snapshot()
            #expect(try await client.form("/skills/\(skill)/complete", tick).status == .seeOther)
            #expect(try await client.form("/skills/routine", routine).status == .seeOther)
            #expect(try await fixture.snapshot() == stored)
            let home = try await client.execute(uri: "/skills", method: .get).text
            #expect(home.contains(#"data-skill="Guitar" data-level="full""#))
            #expect(home.contains(#"data-habit="stretch" data-level="partial""#))
        }
    }

    @Test func signedInPagesNameTheirPerson() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let page = try await client.execute(uri: "/water", method: .get).text
            let owner = try #require(try await fixture.store.user(named: "owner")).id
            #expect(page.contains(#"<body data-user="\#(owner.uuidString)">"#))
        }
    }
}
