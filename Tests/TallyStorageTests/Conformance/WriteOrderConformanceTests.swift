import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// Writes of one person that race, on every database: from two processes in turn and at once, from one
/// process many at once, and after the other process rebuilt the day totals under another day start. Each
/// write gets its own change sequence number, no write is lost, and the kept totals always agree with the
/// entries. (PostgreSQL sends a write as one statement when the process knows the person's clock as it
/// stands, and must notice every way it may not.)
@Suite struct WriteOrderConformanceTests {
    /// The totals as kept, against the same recomputed from the stored entries under the kept day start.
    static func expectKeptTotalsAgree(_ store: any TallyStore, owner: UUID = LocalUser.id) async throws {
        let stored = try await store.storedDayTotals(owner: owner)
        var sum = DayTotalSum(boundary: stored.boundary ?? DayBoundary())
        for record in try await store.records(WaterEntry.self, owner: owner, .all) { sum.add(AnyRecord(record)) }
        for record in try await store.records(BathroomEvent.self, owner: owner, .all) { sum.add(AnyRecord(record)) }
        #expect(Set(stored.totals) == Set(sum.totals))
    }

    /// The feed holds `count` records numbered 1...count: every write its own number, none lost.
    static func expectGapFreeFeed(_ subject: StoreUnderTest, count: Int) async throws {
        #expect(try await subject.store.latestSequence(owner: LocalUser.id) == Int64(count))
        #expect(try await subject.everything().count == count)
    }

    static func keepTotals(_ scope: UserScope, dayStart: TimeOfDay? = nil) async throws {
        let boundary = dayStart.map(DayBoundary.init(dayStart:)) ?? DayBoundary()
        _ = try await scope.store.dayTotals(owner: scope.owner, boundary: boundary, DayTotalQuery(.water))
    }

    @Test(arguments: Database.available)
    func writesFromTwoProcessesInTurnAndAtOnceKeepOneGapFreeFeed(_ database: Database) async throws {
        try await database.withTwoStores { first, second in
            let (one, two) = (first.scope(), second.scope())
            try await Self.keepTotals(one)
            var count = 0
            for round in 0..<4 {
                _ = try await one.water.log(amountML: 100, source: .api)
                _ = try await one.water.log(amountML: 100, source: .api)
                _ = try await two.water.log(amountML: 50, source: .api)
                _ = try await one.bathroom.log(note: "round \(round)")
                async let a = one.water.log(amountML: 10, source: .api)
                async let b = two.water.log(amountML: 20, source: .api)
                async let c = one.water.log(amountML: 30, source: .api)
                _ = try await (a, b, c)
                count += 7
            }
            try await Self.expectGapFreeFeed(first, count: count)
            let water = try await DayTotalConformanceTests.water(one).values.reduce(0, +)
            let logged: Double = 4 * 310
            #expect(water == logged)
            try await Self.expectKeptTotalsAgree(first.store)
        }
    }

    @Test(arguments: Database.available)
    func manyWritesOfOnePersonAtOnceInOneProcessAreAllNumbered(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            try await Self.keepTotals(scope)
            _ = try await scope.water.log(amountML: 1, source: .api)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for index in 0..<20 {
                    group.addTask { _ = try await scope.water.log(amountML: Double(index + 1), source: .api) }
                }
                try await group.waitForAll()
            }
            try await Self.expectGapFreeFeed(subject, count: 21)
            try await Self.expectKeptTotalsAgree(subject.store)
        }
    }

    /// The other process rebuilds the totals under a day starting at 04:00: a log of 02:00 made next, by the
    /// process that last wrote under midnight, counts on the day before.
    @Test(arguments: Database.available)
    func aWriteAfterTheOtherProcessMovedTheDayStartCountsUnderTheNewOne(_ database: Database) async throws {
        try await database.withTwoStores { first, second in
            let (one, two) = (first.scope(), second.scope())
            try await Self.keepTotals(one)
            _ = try await one.water.log(amountML: 100, source: .api)
            try await Self.keepTotals(two, dayStart: TimeOfDay(hour: 4, minute: 0)!)
            let early = DayTotalConformanceTests.at("2026-11-22T02:00:00Z")
            _ = try await one.water.log(amountML: 7, at: early, timeZoneID: "UTC", source: .api)
            #expect(try await first.store.storedDayTotals(owner: LocalUser.id).boundary?.dayStart.hour == 4)
            try await Self.expectKeptTotalsAgree(first.store)
            try await Self.expectGapFreeFeed(first, count: 2)
        }
    }

    /// An edit and a delete of counted entries after quick logs: each takes its stored copy off its day.
    @Test(arguments: Database.available)
    func editsAndDeletesBetweenLogsKeepTheTotals(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            try await Self.keepTotals(scope)
            let kept = try await scope.water.log(amountML: 100, source: .api)
            let gone = try await scope.water.log(amountML: 200, source: .api)
            var fields = kept.fields
            fields.amountML = 150
            _ = try await scope.water.update(id: kept.id, fields: fields)
            _ = try await scope.water.log(amountML: 300, source: .api)
            try await scope.water.delete(id: gone.id)
            _ = try await scope.water.log(amountML: 400, source: .api)
            #expect(try await DayTotalConformanceTests.water(scope).values.reduce(0, +) == 850)
            try await Self.expectKeptTotalsAgree(subject.store)
            // Six writes numbered, four records in the feed (each at its last number).
            #expect(try await subject.store.latestSequence(owner: LocalUser.id) == 6)
            #expect(try await subject.everything().count == 4)
        }
    }
}
