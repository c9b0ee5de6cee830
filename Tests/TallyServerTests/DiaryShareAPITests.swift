import Foundation
import HTTPTypes
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

@testable import TallyServer

/// Share links through the API: made with the same draft and service as the page and the CLI, the secret
/// answered once, listed without it, opened signed out, revoked at once; another person's link is not
/// found, and bad input is a 400 naming the field.
@Suite struct DiaryShareAPITests {
    @Test func aLinkMadeThroughTheAPIOpensIsListedAndIsRevoked() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            let made = try await client.json(
                .post, "/api/v1/bathroom/diary/shares", #"{"from":"2026-11-19","to":"2026-11-21"}"#)
            #expect(made.status == .created)
            let answer = try made.decoded()
            let secret = try #require(answer["secret"] as? String)
            let path = try #require(answer["path"] as? String)
            #expect(path == "/shared-diary/\(secret)" && answer["url"] == nil)
            let link = try #require(answer["link"] as? [String: Any])
            let id = try #require(link["id"] as? String)
            // 14 days of 24 hours from now, whatever the clocks do.
            #expect(link["expiresAt"] as? String == "2026-12-06T15:00:00.000Z" && link["open"] as? Bool == true)

            try await fixture.testSignedOut { visitor in
                let opened = try await visitor.execute(uri: path, method: .get)
                #expect(opened.status == .ok)
            }
            let listed = try await client.json(.get, "/api/v1/bathroom/diary/shares")
            #expect(!listed.text.contains(secret))
            let links = try #require(try listed.decoded()["links"] as? [[String: Any]])
            #expect(links.count == 1 && links[0]["id"] as? String == id && links[0]["from"] as? String == "2026-11-19")
            #expect(links[0]["lastOpenedAt"] as? String == "2026-11-22T15:00:00.000Z")
            // The id as listed is the id the page and the CLI show: one form everywhere.
            let stored = try #require(try await fixture.store.diaryShares(owner: fixture.scope.owner).first)
            #expect(id == stored.id.text)

            #expect(try await client.json(.delete, "/api/v1/bathroom/diary/shares/\(id)").status == .noContent)
            #expect(try await client.json(.delete, "/api/v1/bathroom/diary/shares/\(id)").status == .notFound)
            try await fixture.testSignedOut { visitor in
                let gone = try await visitor.execute(uri: path, method: .get)
                #expect(gone.status == .notFound)
            }
        }
    }

    @Test func badInputIsNamedAndAnotherPersonsLinkIsNotFound() async throws {
        let fixture = try ServerFixture()
        try await fixture.test { client in
            for (body, field) in [
                (#"{"from":"2026-11-21","to":"2026-11-19"}"#, "from"),
                (#"{"from":"2026-11-19","to":"2026-11-21","days":0}"#, "days"),
                (#"{"from":"19 November","to":"2026-11-21"}"#, "from"),
            ] {
                let answer = try await client.json(.post, "/api/v1/bathroom/diary/shares", body)
                #expect(answer.status == .badRequest && answer.text.contains(field), "\(body): \(answer.text)")
            }
            let list = try await client.json(.get, "/api/v1/bathroom/diary/shares").decoded()
            #expect((list["links"] as? [Any])?.isEmpty == true)
        }
        let theirs = try await DiaryShareServiceFixture.make(fixture)
        let other = try await fixture.signIn(name: "other", password: "the other person's secret")
        try await fixture.testSignedOut { visitor in
            let answer = try await visitor.execute(
                uri: "/api/v1/bathroom/diary/shares/\(theirs)", method: .delete, headers: other.bearerHeaders)
            #expect(answer.status == .notFound)
        }
        #expect(try await fixture.store.diaryShares(owner: fixture.scope.owner).count == 1)
    }
}

/// A link of the fixture's owner, made through the service; its id.
enum DiaryShareServiceFixture {
    static func make(_ fixture: ServerFixture) async throws -> String {
        try await TallyServices.DiaryShareService(scope: fixture.scope, store: fixture.store)
            .create(from: LocalDay("2026-11-19")!, to: LocalDay("2026-11-21")!).link.id.text
    }
}
