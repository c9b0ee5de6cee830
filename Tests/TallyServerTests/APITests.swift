import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TallyServer

@Suite struct APITests {
    @Test func createGetUpdateDeleteAnEvent() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let created = try await client.json(
                .post, "/api/v1/bathroom/events",
                #"{"at":"2026-11-22T08:30:00-05:00","note":"morning","volumeMl":320,"urgency":1}"#)
            #expect(created.status == .created)
            let event = try created.decoded()
            let id = try #require(event["id"] as? String)
            #expect(event["localDay"] as? String == "2026-11-22")
            #expect(event["localTime"] as? String == "08:30")
            #expect(event["timeZone"] as? String == "America/New_York")
            #expect(event["at"] as? String == "2026-11-22T13:30:00.000Z")

            let read = try await client.json(.get, "/api/v1/bathroom/events/\(id)")
            #expect(try read.decoded()["note"] as? String == "morning")

            let updated = try await client.json(
                .put, "/api/v1/bathroom/events/\(id)", #"{"note":"edited","leak":true}"#)
            #expect(updated.status == .ok)
            #expect(try updated.decoded()["leak"] as? Bool == true)
            #expect(try updated.decoded()["volumeMl"] == nil)
            let reread = try await client.json(.get, "/api/v1/bathroom/events/\(id)").decoded()
            #expect(reread["volumeMl"] == nil && reread["urgency"] == nil && reread["note"] as? String == "edited")

            #expect(try await client.json(.delete, "/api/v1/bathroom/events/\(id)").status == .noContent)
            #expect(try await client.json(.get, "/api/v1/bathroom/events/\(id)").status == .notFound)
            #expect(try await client.json(.delete, "/api/v1/bathroom/events/\(id)").status == .notFound)
        }
    }

    @Test func listsByDayAndByRangeNewestFirst() async throws {
        let fixture = try ServerFixture()
        let scope = fixture.scope
        for text in ["2026-11-20T09:00:00-05:00", "2026-11-21T09:00:00-05:00", "2026-11-21T21:00:00-05:00"] {
            _ = try await scope.bathroom.log(at: ISO8601DateFormatter().date(from: text))
        }
        _ = try await scope.bathroom.log()
        try await fixture.test { client in
            let today = try await client.json(.get, "/api/v1/bathroom/events").decoded()
            #expect(today["count"] as? Int == 1 && today["from"] as? String == "2026-11-22")
            let day = try await client.json(.get, "/api/v1/bathroom/events?day=2026-11-21").decoded()
            let times = (day["events"] as? [[String: Any]])?.compactMap { $0["localTime"] as? String }
            #expect(times == ["21:00", "09:00"])
            let range = try await client.json(.get, "/api/v1/bathroom/events?from=2026-11-20&to=2026-11-22").decoded()
            #expect(range["count"] as? Int == 4)
            #expect(
                try await client.json(.get, "/api/v1/bathroom/events?day=2026-11-21&from=2026-11-20").status
                    == .badRequest)
            #expect(
                try await client.json(.get, "/api/v1/bathroom/events?from=2026-11-22&to=2026-11-20").status
                    == .badRequest)
        }
    }

    @Test func diaryReportIsTheDocumentTheCLIWrites() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            // Noon on the 20th is the first void after getting up; 02:00 the night; 07:30 closes the day.
            try await client.logVolumes([
                ("2026-11-20T12:00:00-05:00", 300), ("2026-11-21T02:00:00-05:00", 300),
                ("2026-11-21T07:30:00-05:00", 400),
            ])
            let path = "/api/v1/bathroom/diary/report?from=2026-11-20&to=2026-11-20"
            let report = try await client.json(.get, path).decoded()
            #expect(report["format"] as? String == "tally-bladder-diary-report" && report["version"] as? Int == 1)
            let day = try #require((report["days"] as? [[String: Any]])?.first)
            #expect((day["volume24hMl"] as? [String: Any])?["value"] as? Double == 700)
            #expect((day["nocturnalVolumeMl"] as? [String: Any])?["voids"] as? Int == 2)
            let figures = try #require(report["figures"] as? [String: Any])
            let maximum = try #require(figures["maxVoidedVolumeMl"] as? [String: Any])
            // The void that closes the day counts too: three measured voids, the minimum.
            #expect(maximum["value"] as? Double == 400 && maximum["voids"] as? Int == 3)
            #expect(try await client.json(.get, "/api/v1/bathroom/diary/report?from=2026-11-21").status == .badRequest)
        }
    }

    @Test func diarySummarisesTheRange() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            try await client.logVolumes([
                ("2026-11-21T02:00:00-05:00", 300), ("2026-11-21T07:30:00-05:00", 400),
                ("2026-11-21T13:00:00-05:00", 300),
            ])
            let diary = try await client.json(.get, "/api/v1/bathroom/diary?from=2026-11-21&to=2026-11-21").decoded()
            #expect(diary["totalVoids"] as? Int == 3)
            #expect(diary["nightVoids"] as? Int == 1)
            #expect(diary["nightVolumeMl"] as? Int == 700)
            #expect(diary["volumePer24hMl"] as? Double == 1000)
            #expect(diary["nocturnalPolyuriaIndex"] as? Double == 0.7)
            #expect(try await client.json(.get, "/api/v1/bathroom/diary?from=2026-11-21").status == .badRequest)
        }
    }

    @Test func settingsChangeTheZoneAndDayStart() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let before = try await client.json(.get, "/api/v1/settings").decoded()
            #expect(before["timeZone"] as? String == "America/New_York" && before["timeZoneIsChosen"] as? Bool == false)
            let after = try await client.json(
                .patch, "/api/v1/settings", #"{"timeZone":"Europe/Berlin","dayStart":"04:00"}"#)
            #expect(after.status == .ok)
            #expect(try after.decoded()["timeZone"] as? String == "Europe/Berlin")
            #expect(
                try await client.json(.patch, "/api/v1/settings", #"{"dayStart":"4 o'clock"}"#).status == .badRequest)
            #expect(try await client.json(.get, "/api/v1/settings").decoded()["dayStart"] as? String == "04:00")
        }
    }

    @Test func servesTheOpenAPIDocumentAsJSON() async throws {
        try await ServerFixture().test { client in
            let response = try await client.json(.get, "/openapi.json")
            #expect(response.status == .ok)
            let document = try response.decoded()
            #expect((document["openapi"] as? String)?.hasPrefix("3.1") == true)
            #expect((document["paths"] as? [String: Any])?["/bathroom/events"] != nil)
        }
    }

    /// Every schema in the document uses JSON Schema's words only: an unquoted comma in YAML's flow text
    /// once turned the end of twelve descriptions into keys of their own.
    @Test func theDocumentsSchemasHoldOnlyJSONSchemaKeywords() throws {
        let keywords: Set<String> = [
            "type", "format", "description", "enum", "items", "properties", "required", "additionalProperties",
            "maxLength", "minLength", "minimum", "maximum", "pattern", "examples", "default", "oneOf", "anyOf",
            "allOf", "$ref", "maxItems", "minItems", "const", "uniqueItems", "maxProperties", "contentEncoding",
        ]
        var strays: [String] = []
        func walk(_ node: Any, _ path: String, schema: Bool) {
            if let object = node as? [String: Any] {
                if schema, object["type"] != nil || object["$ref"] != nil {
                    strays += Set(object.keys).subtracting(keywords).map { "\(path): \($0)" }
                }
                for (key, value) in object {
                    // The names under `properties` are the API's own; what each holds is a schema again.
                    if key == "properties", let properties = value as? [String: Any] {
                        for (name, property) in properties { walk(property, "\(path).\(name)", schema: true) }
                    } else {
                        walk(value, "\(path)/\(key)", schema: key == "schema" || key == "items" || schema)
                    }
                }
            } else if let list = node as? [Any] {
                for (index, item) in list.enumerated() { walk(item, "\(path)[\(index)]", schema: schema) }
            }
        }
        let document = try #require(try OpenAPIDocument.object() as? [String: Any])
        let components = try #require(document["components"] as? [String: Any])
        walk(components["schemas"] as Any, "schemas", schema: true)
        walk(document["paths"] as Any, "paths", schema: false)
        #expect(strays.sorted() == [])
    }

    static let badRequests: [(String, String, String, String)] = [
        ("malformed JSON", "POST", "/api/v1/bathroom/events", #"{"note": "#),
        ("unknown field", "POST", "/api/v1/bathroom/events", #"{"note":"x","colour":"blue"}"#),
        ("negative volume", "POST", "/api/v1/bathroom/events", #"{"volumeMl":-5}"#),
        ("urgency 7", "POST", "/api/v1/bathroom/events", #"{"urgency":7}"#),
        ("unparseable time", "POST", "/api/v1/bathroom/events", #"{"at":"half past nine"}"#),
        ("long note", "POST", "/api/v1/bathroom/events", #"{"note":"\#(String(repeating: "n", count: 10_001))"}"#),
        ("unknown zone", "POST", "/api/v1/bathroom/events", #"{"timeZone":"Moon/Base"}"#),
        ("unreal offset", "POST", "/api/v1/bathroom/events", #"{"timeZone":"GMT-18"}"#),
        ("year zero", "POST", "/api/v1/bathroom/events", #"{"at":"0000-01-01T00:30:00+01:00"}"#),
        ("no offset", "POST", "/api/v1/bathroom/events", #"{"at":"2026-03-08T02:30:00.5"}"#),
        ("wrong type", "POST", "/api/v1/bathroom/events", #"{"volumeMl":"lots"}"#),
        ("not an object", "POST", "/api/v1/bathroom/events", #"[1,2]"#),
        ("bad day", "GET", "/api/v1/bathroom/events?day=2026-02-30", ""),
        ("unknown id", "GET", "/api/v1/bathroom/events/2C5B1F0E-2A57-4F4B-9E59-6F3E0F4C1A11", ""),
        ("unknown id", "PUT", "/api/v1/bathroom/events/2C5B1F0E-2A57-4F4B-9E59-6F3E0F4C1A11", #"{"note":"x"}"#),
        ("unknown id", "DELETE", "/api/v1/bathroom/events/2C5B1F0E-2A57-4F4B-9E59-6F3E0F4C1A11", ""),
        ("not an id", "DELETE", "/api/v1/bathroom/events/DROP%20TABLE", ""),
        ("bad setting", "PATCH", "/api/v1/settings", #"{"timeZone":"Nowhere"}"#),
        ("unknown setting", "PATCH", "/api/v1/settings", #"{"theme":"dark"}"#),
    ]

    @Test(arguments: badRequests)
    func badInputGetsAProblemAndChangesNothing(
        _ name: String, _ method: String, _ uri: String, _ body: String
    ) async throws {
        let fixture = try ServerFixture()
        let existing = try await fixture.scope.bathroom.log(note: "already here")
        let before = try await fixture.snapshot()
        try await fixture.test { client in
            let response = try await client.json(
                HTTPRequest.Method(method)!, uri.replacingOccurrences(of: "{existing}", with: existing.id.uuidString),
                body.isEmpty ? nil : body)
            #expect((400..<500).contains(Int(response.status.code)), "\(name): \(response.status)")
            #expect(response.headers[.contentType] == "application/problem+json", "\(name)")
            let problem = try response.decoded()
            #expect(problem["status"] as? Int == Int(response.status.code))
            #expect((problem["detail"] as? String)?.isEmpty == false, "\(name)")
        }
        #expect(try await fixture.snapshot() == before, "\(name) changed stored data")
    }
}

extension TestClientProtocol {
    /// Logs a measured void at each instant through the API.
    func logVolumes(_ voids: [(at: String, volume: Int)]) async throws {
        for (at, volume) in voids {
            let response = try await json(
                .post, "/api/v1/bathroom/events", #"{"at":"\#(at)","volumeMl":\#(volume)}"#)
            #expect(response.status == .created)
        }
    }
}
