import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Logs are of what has happened: a drink or a bathroom visit in 2099 or 1800, a journal day or a moment
/// tomorrow, is refused with a message, and nothing is stored; reminders and events still look ahead.
@Suite struct LoggedTimeTests {
    @Test(
        "a log far in the future or the past is refused",
        arguments: [
            ("POST", "/api/v1/water/entries", #"{"amountMl":250,"at":"2099-01-01T10:00:00Z"}"#, "is in the future"),
            ("POST", "/api/v1/water/entries", #"{"amountMl":250,"at":"1800-01-01T10:00:00Z"}"#, "is before 2000"),
            ("POST", "/api/v1/bathroom/events", #"{"at":"2099-01-01T10:00:00Z"}"#, "is in the future"),
            ("POST", "/api/v1/bathroom/events", #"{"at":"1800-01-01T10:00:00Z"}"#, "is before 2000"),
            ("PUT", "/api/v1/journal/2026-11-23", #"{"notes":"Tomorrow"}"#, "2026-11-23 is in the future"),
            (
                "POST", "/api/v1/moments", #"{"title":"Later","category":"personal","date":"2026-11-23"}"#,
                "in the future"
            ),
        ])
    func refused(method: String, uri: String, body: String, message: String) async throws {
        let fixture = try ServerFixture()
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            let answer = try await client.json(HTTPRequest.Method(method)!, uri, body)
            #expect(answer.status == .badRequest, "\(uri): \(answer.text)")
            #expect((try answer.decoded()["detail"] as? String ?? "").contains(message), "\(answer.text)")
        }
        #expect(try await fixture.snapshot() == before)
    }

    @Test func aFewMinutesAheadIsDriftAndTheFutureIsForPlans() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            // The fixture's clock reads 2026-11-22 10:00 in New York; a phone three minutes ahead is fine.
            let drift = try await client.json(
                .post, "/api/v1/water/entries", #"{"amountMl":250,"at":"2026-11-22T10:03:00-05:00"}"#)
            #expect(drift.status == .created)
            let reminder = try await client.json(
                .post, "/api/v1/reminders", #"{"title":"Dentist","date":"2099-01-01T09:00:00-05:00"}"#)
            #expect(reminder.status == .created)
        }
    }
}
