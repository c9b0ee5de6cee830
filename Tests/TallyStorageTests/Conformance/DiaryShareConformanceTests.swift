import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// Share links of the bladder diary report, on every database: stored by the digest of their secret, opened
/// only while unexpired, revoked only by their owner, and gone with the owner.
@Suite struct DiaryShareConformanceTests {
    static let from = LocalDay("2026-11-18")!
    static let to = LocalDay("2026-11-20")!

    @Test(arguments: Database.available)
    func aLinkOpensUntilItExpiresAndRecordsWhenItWasOpened(_ database: Database) async throws {
        try await database.withStore { subject in
            let service = DiaryShareService(scope: subject.scope(), store: subject.store)
            let (link, secret) = try await service.create(from: Self.from, to: Self.to, days: 2)
            #expect(link.digest == SecretToken.digest(secret))
            #expect(link.expiresAt == StoreUnderTest.now.addingTimeInterval(2 * 86_400))
            #expect(try await service.links() == [link])

            let later = StoreUnderTest.now.addingTimeInterval(3600)
            let opened = try await DiaryShareService.open(
                secret: secret, store: subject.store, clock: FixedClock(later))
            #expect(opened.from == Self.from && opened.to == Self.to && opened.owner == LocalUser.id)
            #expect(try await service.links().first?.lastOpenedAt == later)

            let expired = FixedClock(link.expiresAt)
            await #expect(throws: TallyError.self) {
                try await DiaryShareService.open(secret: secret, store: subject.store, clock: expired)
            }
            await #expect(throws: TallyError.self) {
                try await DiaryShareService.open(secret: secret + "x", store: subject.store, clock: FixedClock(later))
            }
        }
    }

    /// A link made for 14 days lasts 14 x 24 hours, whatever the clocks do: made at 10:00 EDT on 25 October
    /// 2026, it closes at 09:00 EST on 8 November (New York fell back on 1 November), not at 10:00.
    @Test(arguments: Database.available)
    func aLinksDaysAreDaysOf24HoursAcrossAChangeOfClocks(_ database: Database) async throws {
        try await database.withStore { subject in
            let made = TimeInput.parseInstant("2026-10-25T10:00:00-04:00")!
            let service = DiaryShareService(scope: subject.scope(now: made), store: subject.store)
            let (link, _) = try await service.create(DiaryShareDraft(from: "2026-10-20", to: "2026-10-22"))
            #expect(link.expiresAt == made.addingTimeInterval(14 * 86_400))
            #expect(link.expiresAt == TimeInput.parseInstant("2026-11-08T09:00:00-05:00")!)
        }
    }

    @Test(arguments: Database.available)
    func onlyTheOwnerRevokesAndRevokingClosesAtOnce(_ database: Database) async throws {
        try await database.withStore { subject in
            let mine = DiaryShareService(scope: subject.scope(), store: subject.store)
            let theirs = DiaryShareService(scope: subject.scope(owner: UUID()), store: subject.store)
            let (link, secret) = try await mine.create(from: Self.from, to: Self.to)
            #expect(try await theirs.links().isEmpty)
            await #expect(throws: TallyError.notFound(kind: "share link", id: link.id.text)) {
                try await theirs.revoke(id: link.id.text)
            }
            _ = try await DiaryShareService.open(
                secret: secret, store: subject.store, clock: FixedClock(StoreUnderTest.now))
            try await mine.revoke(id: link.id.text)
            #expect(try await mine.links().isEmpty)
            await #expect(throws: TallyError.self) {
                try await DiaryShareService.open(
                    secret: secret, store: subject.store, clock: FixedClock(StoreUnderTest.now))
            }
        }
    }

    @Test(arguments: Database.available)
    func aPeriodOrLifetimeOutOfBoundsIsRefused(_ database: Database) async throws {
        try await database.withStore { subject in
            let service = DiaryShareService(scope: subject.scope(), store: subject.store)
            await #expect(throws: TallyError.self) { try await service.create(from: Self.to, to: Self.from) }
            await #expect(throws: TallyError.self) { try await service.create(from: Self.from, to: Self.to, days: 0) }
            let links = try await service.links()
            #expect(links.isEmpty)
        }
    }
}
