import Foundation
import HTTPTypes
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

@testable import TallyServer

/// Share links of the bladder diary report: made on the person's page and shown once, opened without
/// signing in to the report of their days and nothing else, recorded when opened, and 404 once expired,
/// revoked, or revoked by someone else's hand (who cannot).
@Suite struct DiaryShareWebTests {
    @Test func aLinkMadeOnThePageOpensTheReportAloneAndIsListedAsOpened() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.bathroom.log(
            at: ServerFixture.now.addingTimeInterval(-86_400), volumeML: 320, urgency: 2)
        try await fixture.test { client in
            let empty = try await client.execute(uri: "/bathroom/diary/shares", method: .get)
            #expect(empty.status == .ok && empty.text.contains("No links yet."))
            let made = try await client.form(
                "/bathroom/diary/shares", ["from": "2026-11-19", "to": "2026-11-21", "days": "14"])
            #expect(made.status == .ok)
            let address = try #require(Self.link(in: made.text))
            let path = String(address[address.range(of: "/shared-diary/")!.lowerBound...])
            #expect(made.text.contains("never opened") && made.text.contains("Thursday, 19 November 2026"))
            let link = try #require(try await fixture.store.diaryShares(owner: fixture.scope.owner).first)
            #expect(!address.contains(link.digest), "the address carries the secret, not what is stored")
            #expect(link.expiresAt == ServerFixture.now.addingTimeInterval(14 * 86_400))

            try await fixture.testSignedOut { visitor in
                let report = try await visitor.execute(uri: path, method: .get)
                #expect(report.status == .ok)
                #expect(report.text.contains("Bladder diary report") && report.text.contains("320 ml"))
                #expect(
                    report.text.contains("Thursday, 19 November 2026")
                        && report.text.contains("Saturday, 21 November 2026"))
                // Nothing but the report: no navigation, no range form, no link into the app, no name.
                #expect(!report.text.contains("<nav") && !report.text.contains("<form"))
                #expect(!report.text.contains("href=\"/") && !report.text.contains("owner"))
            }
            let listed = try await client.execute(uri: "/bathroom/diary/shares", method: .get).text
            #expect(listed.contains("last opened 2026-11-22 10:00") && !listed.contains(address))
        }
    }

    @Test func expiredRevokedAndUnknownLinksAre404AndOnlyTheOwnerRevokes() async throws {
        let fixture = try ServerFixture()
        let service = DiaryShareService(scope: fixture.scope, store: fixture.store)
        let from = LocalDay("2026-11-19")!, to = LocalDay("2026-11-21")!
        let live = try await service.create(from: from, to: to)
        let expiredSecret = SecretToken.make()
        try await fixture.store.createDiaryShare(
            DiaryShareLink(
                id: UUID(), owner: fixture.scope.owner, digest: SecretToken.digest(expiredSecret), from: from, to: to,
                createdAt: ServerFixture.now.addingTimeInterval(-15 * 86_400), expiresAt: ServerFixture.now))
        _ = try await fixture.signIn(name: "owner")  // the first account: the owner of the fixture's scope
        let other = try await fixture.signIn(name: "other", password: "the other person's secret")
        try await fixture.testSignedOut { visitor in
            #expect(try await visitor.execute(uri: "/shared-diary/\(live.secret)", method: .get).status == .ok)
            for secret in [expiredSecret, SecretToken.make(), "", live.link.digest] {
                let answer = try await visitor.execute(uri: "/shared-diary/\(secret)", method: .get)
                #expect(answer.status == .notFound, "\(secret)")
            }
            let revoke = "/bathroom/diary/shares/\(live.link.id.text)/revoke"
            let theirs = try await visitor.execute(
                uri: revoke, method: .post,
                headers: other.cookieHeaders.merging([.contentType: "application/x-www-form-urlencoded"]))
            #expect(theirs.status == .notFound)
            #expect(try await visitor.execute(uri: "/shared-diary/\(live.secret)", method: .get).status == .ok)
        }
        try await service.revoke(id: live.link.id.text)
        try await fixture.testSignedOut { visitor in
            let revoked = try await visitor.execute(uri: "/shared-diary/\(live.secret)", method: .get)
            #expect(revoked.status == .notFound)
        }
    }

    /// The address in the page's read-only field.
    static func link(in page: String) -> String? {
        guard let field = page.range(of: #"id="new-share-link""#) else { return nil }
        let before = page[..<field.lowerBound]
        guard let value = before.range(of: #"value=""#, options: .backwards) else { return nil }
        return String(before[value.upperBound...].prefix { $0 != "\"" })
    }
}

extension HTTPFields {
    fileprivate func merging(_ other: HTTPFields) -> HTTPFields {
        var fields = self
        for field in other { fields.append(field) }
        return fields
    }
}
