import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

/// Text with a NUL character was answered whole and stored cut at the NUL; it is refused, naming the field,
/// and nothing is stored.
@Suite struct NULTextTests {
    @Test(
        "text with a NUL is refused wherever a person types it",
        arguments: [
            ("POST", "/api/v1/bathroom/events", #"{"note":"before\u0000after"}"#, "note"),
            ("POST", "/api/v1/water/entries", #"{"amountMl":250,"drinkKind":"tea\u0000"}"#, "drinkKind"),
            ("POST", "/api/v1/reminders", #"{"title":"Call\u0000mum","date":"2026-11-25T09:00:00-05:00"}"#, "title"),
            ("POST", "/api/v1/skills", #"{"name":"Gui\u0000tar"}"#, "name"),
            ("PUT", "/api/v1/journal/2026-11-20", #"{"notes":"A day\u0000"}"#, "notes"),
            ("POST", "/api/v1/moments", #"{"title":"Calm\u0000","category":"personal"}"#, "title"),
        ])
    func refused(method: String, uri: String, body: String, field: String) async throws {
        let fixture = try ServerFixture()
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            let answer = try await client.json(HTTPRequest.Method(method)!, uri, body)
            #expect(answer.status == .badRequest, "\(uri): \(answer.text)")
            let detail = try answer.decoded()["detail"] as? String
            #expect(detail == "\(field): contains a NUL character (U+0000), which cannot be stored", "\(detail ?? "")")
        }
        #expect(try await fixture.snapshot() == before)
    }

    @Test func aTimeZoneWithANULIsNotAZone() async throws {
        let fixture = try ServerFixture()
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            for zone in [#"UTC\u0000"#, #"Europe/Berlin\u0000x"#, #"UTC\n"#, "../../etc/passwd"] {
                let answer = try await client.json(.patch, "/api/v1/settings", #"{"timeZone":"\#(zone)"}"#)
                #expect(answer.status == .badRequest, "\(zone): \(answer.text)")
            }
        }
        #expect(try await fixture.snapshot() == before)
    }
}
