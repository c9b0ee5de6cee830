import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import Testing

/// Datekeeper's JSON API with the seed's field names, and the refusals that must change nothing.
@Suite struct DatesAPITests {
    @Test func trackersRemindersEventsAndTheJournal() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let image = try await client.execute(
                uri: "/api/v1/images", method: .post, headers: [.contentType: "application/octet-stream"],
                body: ByteBuffer(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0, 0, 13]))
            #expect(image.status == .created)
            let imageUrl = try #require(try image.decoded()["imageUrl"] as? String)
            #expect(imageUrl.hasPrefix("/images/") && imageUrl.hasSuffix(".png"))
            let served = try await client.execute(uri: imageUrl, method: .get)
            #expect(served.headers[.cacheControl] == "private, max-age=31536000, immutable")
            #expect(served.headers[.contentType] == "image/png")

            let tracker = try await client.json(
                .post, "/api/v1/trackers",
                #"{"title":"Quit smoking","targetDate":"2024-07-18T00:00:00-04:00","type":"since","allDay":true,"#
                    + #""imageUrl":"\#(imageUrl)"}"#)
            #expect(tracker.status == .created)
            let body = try tracker.decoded()
            #expect(body["display"] as? String == "2 years, 4 months, 4 days ago")
            #expect(body["type"] as? String == "since" && body["colorTheme"] as? String == "blue")
            #expect((body["gradientConfig"] as? [String: Any])?["colors"] as? [String] != nil)
            #expect(
                body["userId"] as? String != nil && body["displayUnits"] as? [String] == ["years", "months", "days"])
            let id = try #require(body["id"] as? String)
            let updated = try await client.json(.put, "/api/v1/trackers/\(id)", #"{"displayUnits":["days"]}"#)
            #expect(try updated.decoded()["display"] as? String == "857 days ago")

            let reminder = try await client.json(
                .post, "/api/v1/reminders", #"{"title":"Dentist","date":"2026-12-01T09:00:00-05:00"}"#)
            let reminderID = try #require(try reminder.decoded()["id"] as? String)
            var lists = try await client.json(.get, "/api/v1/reminders").decoded()
            #expect((lists["upcoming"] as? [Any])?.count == 1)
            _ = try await client.json(.put, "/api/v1/reminders/\(reminderID)", #"{"done":true}"#)
            lists = try await client.json(.get, "/api/v1/reminders").decoded()
            #expect((lists["upcoming"] as? [Any])?.count == 0 && (lists["past"] as? [Any])?.count == 1)

            let event = try await client.json(
                .post, "/api/v1/events",
                #"{"title":"Yoga","startDate":"2026-10-05T18:30:00-04:00","timeZone":"America/New_York","recurrenceRule":"FREQ=WEEKLY;BYDAY=MO"}"#
            )
            let eventBody = try event.decoded()
            #expect(eventBody["nextOccurrence"] as? String == "2026-11-23T23:30:00.000Z")
            #expect(eventBody["summary"] as? String == "Every week on Mon")
            let eventID = try #require(eventBody["id"] as? String)
            let skipped = try await client.json(
                .post, "/api/v1/events/\(eventID)/skip?occurrence=2026-11-23T18:30:00-05:00")
            #expect(try skipped.decoded()["nextOccurrence"] as? String == "2026-11-30T23:30:00.000Z")

            let entry = try await client.json(.put, "/api/v1/journal/2026-11-22", #"{"notes":"Calm","moodRating":4}"#)
            #expect(
                try entry.decoded()["moodRating"] as? Int == 4 && entry.decoded()["date"] as? String == "2026-11-22")
            let month = try await client.json(.get, "/api/v1/journal")
            #expect(month.text.contains("Calm"))
        }
    }

    @Test(
        "bad input is a 4xx naming the problem, and nothing stored changes",
        arguments: [
            (
                "/api/v1/trackers",
                #"{"title":"\#(String(repeating: "x", count: 201))","targetDate":"2027-01-01T00:00:00Z","type":"till"}"#,
                "title: is 201 characters long; the limit is 200"
            ),
            ("/api/v1/trackers", #"{"title":"Trip","type":"till"}"#, "targetDate: is required"),
            (
                "/api/v1/trackers",
                #"{"title":"Trip","targetDate":"2027-01-01T00:00:00Z","type":"till","imageUrl":"/images/nope.jpg"}"#,
                "nope.jpg' is not an uploaded image"
            ),
            (
                "/api/v1/events",
                #"{"title":"Yoga","startDate":"2026-10-05T18:30:00-04:00","recurrenceRule":"FREQ=WEEKLY;BYDAY=XX"}"#,
                "recurrenceRule: BYDAY value \"XX\" is not a weekday"
            ),
            (
                "/api/v1/events",
                #"{"title":"Never","startDate":"2026-10-05T18:30:00-04:00","recurrenceRule":"FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=30"}"#,
                "recurrenceRule: the rule never produces an occurrence"
            ),
            (
                // The audit's rule: 15 s of CPU on every read before its COUNT was bounded.
                "/api/v1/events",
                #"{"title":"Tick","startDate":"2000-01-01T00:00:00Z","recurrenceRule":"FREQ=SECONDLY;COUNT=999999;BYSECOND=0"}"#,
                "is more than 100,000, the most occurrences a rule may count"
            ),
            (
                "/api/v1/events",
                #"{"title":"Tick","startDate":"2026-10-05T18:30:00Z","recurrenceRule":"FREQ=SECONDLY"}"#,
                "repeats too often to plan"
            ),
            (
                "/api/v1/events",
                #"{"title":"Barren","startDate":"1997-09-02T09:00:00-04:00","recurrenceRule":"FREQ=MINUTELY;INTERVAL=12;BYMINUTE=10,11,25,39,50"}"#,
                "never falls on what its BY parts allow"
            ),
            ("/api/v1/reminders", #"{"title":"","date":"2026-12-01T09:00:00-05:00"}"#, "title: is empty"),
            // The generated type reads "" as the enum's null case: once a trap bridging it to the domain's.
            ("/api/v1/trackers", #"{"title":"Trip","targetDate":"2027-01-01T00:00:00Z","type":"soon"}"#, "type"),
        ])
    func refusals(path: String, body: String, message: String) async throws {
        let fixture = try ServerFixture()
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            let response = try await client.json(.post, path, body)
            #expect(response.status == .badRequest)
            #expect(response.text.contains(message.replacingOccurrences(of: "\"", with: "\\\"")))
        }
        #expect(try await fixture.snapshot() == before)
    }

    @Test func moodsOutOfRangeTextNamedJpegAndHugeUploadsAreRefused() async throws {
        let fixture = try ServerFixture()
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            for mood in [0, 6] {
                let response = try await client.json(.put, "/api/v1/journal/2026-11-22", #"{"moodRating":\#(mood)}"#)
                #expect(response.status == .badRequest)
                #expect(response.text.contains("moodRating: \(mood) is not a mood from 1 to 5"))
            }
            let text = try await client.execute(
                uri: "/api/v1/images", method: .post, headers: [.contentType: "application/octet-stream"],
                body: ByteBuffer(string: "not a picture, whatever the name says"))
            #expect(text.status == .badRequest && text.text.contains("not a JPEG, PNG or WebP"))
            let huge = try await client.execute(
                uri: "/api/v1/images", method: .post, headers: [.contentType: "application/octet-stream"],
                body: ByteBuffer(repeating: 0xFF, count: 20 * 1024 * 1024))
            #expect(huge.status == .contentTooLarge && huge.text.contains("10 MB"))
        }
        #expect(try await fixture.snapshot() == before)
    }
}
