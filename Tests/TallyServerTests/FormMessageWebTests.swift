import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyCore
import Testing

/// What a refused form says names the field as the form labels it, never the name the API uses
/// ("colorTheme:", "recurrenceRule:"), and an impossible interval is refused, not changed.
@Suite struct FormMessageWebTests {
    @Test func bannersNameTheFormsLabels() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let tracker = try await client.execute(
                uri: "/dates/trackers", method: .post,
                headers: [.contentType: "multipart/form-data; boundary=\(FormEncoding.boundary)"],
                body: ByteBuffer(
                    string: FormEncoding.multipart([
                        "title": "Trip", "date": "2026-12-25", "type": "till", "category": "Personal",
                        "colorTheme": "plaid", "unit-days": "on",
                    ])))
            #expect(tracker.status == .badRequest)
            let trackerBanner = try #require(WebTests.banner(tracker.text))
            #expect(trackerBanner.hasPrefix("Colour: "), "\(trackerBanner)")
            let event = try await client.form(
                "/dates/events",
                [
                    "title": "Class", "date": "2026-11-23", "time": "18:30", "frequency": "custom",
                    "rule": "FREQ=SOMETIMES", "category": "Personal",
                ])
            #expect(event.status == .badRequest)
            let eventBanner = try #require(WebTests.banner(event.text))
            #expect(!eventBanner.contains("recurrenceRule"), "\(eventBanner)")
            let skill = try await client.form(
                "/skills", ["name": "Chess", "freq": "interval", "every": "0", "category": "personal"])
            #expect(skill.status == .badRequest)
            let skillBanner = try #require(WebTests.banner(skill.text))
            #expect(skillBanner == "Frequency: every 0 days is not possible: use 1 to 365", "\(skillBanner)")
            #expect(try await fixture.scope.skills.all().isEmpty)
        }
    }
}
