import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// `tally copy`'s service on every pair of databases: three people's records of every kind, pictures,
/// tokens, channels, secret addresses and the server's keys arrive whole, a second copy changes nothing,
/// and a target holding someone else's data is refused unless asked.
@Suite struct StoreCopyTests {
    static let jpeg = Data([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]) + Data("JFIF".utf8) + Data(repeating: 9, count: 64)
    static let names = ["ana", "ben", "cleo"]

    static var pairs: [(Database, Database)] {
        Database.available.flatMap { from in Database.available.map { (from, $0) } }
    }

    /// What each person was given, to check on the copy.
    struct Person {
        let account: UserAccount
        let token: String
        let image: String
    }

    /// Three people with a password, records of every kind, a photo, a token, a channel with a secret, a
    /// snoozed notification, widget and calendar addresses; an invite, a server key and a switch.
    static func populate(_ subject: StoreUnderTest) async throws -> [Person] {
        let accounts = AccountService(
            store: subject.store, clock: FixedClock(StoreUnderTest.now), hasher: PasswordHasher(cost: 4))
        var people: [Person] = []
        for name in names {
            let account = try await accounts.createUser(
                name: name, password: "\(name) password 1", isAdmin: name == "ana")
            let scope = subject.scope(owner: account.id)
            try await RecordConformanceTests.populate(scope)
            _ = try await scope.bathroom.log(note: "\(name)'s own")
            let image = try await subject.store.saveImage(Self.jpeg + Data(name.utf8), kind: .jpeg, owner: account.id)
            let token = try await accounts.createToken(for: account, name: "phone").text
            try await subject.store.addChannel(
                NotificationChannel(
                    id: UUID(), ownerID: account.id, name: "hook", kind: .webhook, url: "https://example.com/\(name)",
                    secret: "\(name) channel secret", createdAt: StoreUnderTest.now))
            let nudge = PlannedNotification(
                due: StoreUnderTest.now, kind: .water, title: "Time for some water", body: name,
                action: .addWater(millilitres: 250)
            ).snoozed(now: StoreUnderTest.now)
            try await subject.store.addSnooze(nudge, owner: account.id)
            try await subject.store.setCalendarSecret("\(name) calendar", owner: account.id)
            try await subject.store.setWidgetSecret("\(name) widgets", owner: account.id)
            _ = try await DiaryShareService(scope: subject.scope(owner: account.id), store: subject.store)
                .create(from: LocalDay("2026-11-18")!, to: LocalDay("2026-11-20")!)
            people.append(Person(account: account, token: token, image: image))
        }
        _ = try await accounts.createInvite(by: people[0].account)
        _ = try await subject.store.serverSecret(named: "vapid-private") { "the VAPID key" }
        try await subject.store.setServerSetting("signup", value: "on")
        return people
    }

    /// Everything `people` had in `source` is in `target`, and works there.
    static func expectSame(_ people: [Person], _ source: StoreUnderTest, _ target: StoreUnderTest) async throws {
        let accounts = AccountService(
            store: target.store, clock: FixedClock(StoreUnderTest.now), hasher: PasswordHasher(cost: 4))
        #expect(try await target.store.invites() == source.store.invites())
        #expect(try await target.store.serverSecrets() == source.store.serverSecrets())
        #expect(try await target.store.serverSetting("signup") == "on")
        for person in people {
            let owner = person.account.id
            let name = person.account.name
            #expect(try await target.store.user(id: owner) == person.account)
            #expect(
                try await accounts.logIn(name: name, password: "\(name) password 1", address: nil) == person.account)
            #expect(try await accounts.authenticate(bearer: person.token)?.user == person.account)
            #expect(Set(try await target.everything(of: owner)) == Set(try await source.everything(of: owner)))
            #expect(
                Set(try await target.store.digests(owner: owner)) == Set(try await source.store.digests(owner: owner)))
            #expect(try await target.store.image(named: person.image, owner: owner) == Self.jpeg + Data(name.utf8))
            #expect(try await target.store.channels(owner: owner) == source.store.channels(owner: owner))
            #expect(try await target.store.channels(owner: owner).first?.secret == "\(name) channel secret")
            let snoozed = try await target.store.snoozes(owner: owner, from: StoreUnderTest.now)
            #expect(snoozed.map(\.body) == [name])
            #expect(snoozed == (try await source.store.snoozes(owner: owner, from: StoreUnderTest.now)))
            #expect(try await target.store.owner(ofCalendarSecret: "\(name) calendar") == owner)
            #expect(try await target.store.owner(ofWidgetSecret: "\(name) widgets") == owner)
            #expect(try await target.store.diaryShares(owner: owner) == source.store.diaryShares(owner: owner))
        }
    }

    @Test(arguments: pairs)
    func everyPersonArrivesWholeAndASecondCopyChangesNothing(_ from: Database, _ to: Database) async throws {
        try await from.withStore { source in
            let people = try await Self.populate(source)
            try await to.withStore { target in
                let copy = StoreCopy(from: source.store, to: target.store, clock: FixedClock(StoreUnderTest.now))
                let first = try await copy.run()
                #expect(first.isEqual)
                #expect(first.rows.count == people.count * (RecordKinds.all.count + 4))
                try await Self.expectSame(people, source, target)

                let before = try await target.everything(of: people[0].account.id)
                #expect(try await copy.run() == first)
                #expect(try await target.everything(of: people[0].account.id) == before)
            }
        }
    }

    @Test(arguments: Database.available)
    func runningACopyAgainBringsWhatWasAddedSince(_ database: Database) async throws {
        try await Database.sqlite.withStore { source in
            let people = try await Self.populate(source)
            try await database.withStore { target in
                let copy = StoreCopy(from: source.store, to: target.store, clock: FixedClock(StoreUnderTest.now))
                _ = try await copy.run()
                let ben = source.scope(owner: people[1].account.id)
                _ = try await ben.water.log(amountML: 330, source: .web)
                let image = try await source.store.saveImage(
                    Self.jpeg + Data("later".utf8), kind: .jpeg, owner: ben.owner)
                let rows = try await copy.run().rows
                #expect(rows.allSatisfy { $0.equal })
                #expect(rows.first { $0.person == "ben" && $0.kind == "images" }?.target == 2)
                try await Self.expectSame(people, source, target)
                #expect(try await target.store.image(named: image, owner: ben.owner) == Self.jpeg + Data("later".utf8))
            }
        }
    }

    @Test(arguments: Database.available)
    func aCopyGoesBackTheOtherWay(_ database: Database) async throws {
        try await Database.sqlite.withStore { source in
            let people = try await Self.populate(source)
            try await database.withStore { middle in
                _ = try await StoreCopy(from: source.store, to: middle.store, clock: FixedClock(StoreUnderTest.now))
                    .run()
                try await Database.sqlite.withStore { back in
                    let comparison = try await StoreCopy(
                        from: middle.store, to: back.store, clock: FixedClock(StoreUnderTest.now)
                    ).run()
                    #expect(comparison.isEqual)
                    try await Self.expectSame(people, source, back)
                }
            }
        }
    }

    @Test(arguments: Database.available)
    func aTargetHoldingOtherPeopleIsRefusedUnlessAsked(_ database: Database) async throws {
        try await Database.sqlite.withStore { source in
            let people = try await Self.populate(source)
            try await database.withStore { target in
                try await target.store.createUser(AccountConformanceTests.user("dora"))
                let copy = StoreCopy(from: source.store, to: target.store, clock: FixedClock(StoreUnderTest.now))
                await #expect(throws: TallyError.self) { try await copy.run() }
                #expect(try await target.store.users().map(\.name) == ["dora"])

                #expect(try await copy.run(intoNonEmpty: true).isEqual)
                try await Self.expectSame(people, source, target)
                #expect(try await target.store.users().map(\.name).sorted() == ["ana", "ben", "cleo", "dora"])
            }
        }
    }

    @Test(arguments: Database.available)
    func aTargetWhoseFirstAccountIsSomeoneElseIsRefusedEvenWhenAsked(_ database: Database) async throws {
        try await Database.sqlite.withStore { source in
            _ = try await Self.populate(source)
            try await database.withStore { target in
                let accounts = AccountService(
                    store: target.store, clock: FixedClock(StoreUnderTest.now), hasher: PasswordHasher(cost: 4))
                let dora = try await accounts.createUser(name: "dora", password: "dora password 1", isAdmin: true)
                let copy = StoreCopy(from: source.store, to: target.store, clock: FixedClock(StoreUnderTest.now))
                await #expect(throws: TallyError.self) { try await copy.run(intoNonEmpty: true) }
                #expect(try await target.store.users() == [dora])
                #expect(try await target.store.serverSecrets().isEmpty)
            }
        }
    }

    @Test func aStoreWithoutAccountsIsRefusedSayingHowToMakeOne() async throws {
        try await Database.sqlite.withStore { source in
            _ = try await source.scope().water.log(amountML: 250, source: .web)
            try await Database.sqlite.withStore { target in
                let copy = StoreCopy(from: source.store, to: target.store, clock: FixedClock(StoreUnderTest.now))
                await #expect(throws: TallyError.self) { try await copy.run() }
                let stored = try await target.everything()
                #expect(stored.isEmpty)
            }
        }
    }
}
