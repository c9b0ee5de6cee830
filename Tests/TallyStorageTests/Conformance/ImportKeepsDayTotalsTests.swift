import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// What brings many records in keeps the day totals as it stores them, so the first read after it finds
/// them kept (a rebuild after a 2-million-record import took that read 3.9 s): an import of a backup whose
/// settings move the day boundary, an import of Apple Health's water, and a copy to another store.
@Suite struct ImportKeepsDayTotalsTests {
    static let lateDay = DayBoundary(dayStart: TimeOfDay(hour: 4, minute: 0)!)

    /// A backup of entries either side of 04:00 over three days, its settings starting the day at 04:00.
    static func backup(in directory: TemporaryDirectory) async throws -> URL {
        try await Database.sqlite.withStore { source in
            let scope = source.scope()
            _ = try await scope.settings.update([.timeZone: "America/New_York", .dayStart: "04:00"])
            for hour in stride(from: 1.0, to: 72, by: 5) {
                let at = StoreUnderTest.now.addingTimeInterval(-hour * 3_600)
                _ = try await scope.water.log(amountML: 100 + hour, at: at, source: .cli)
                _ = try await scope.bathroom.log(at: at)
            }
            let file = directory.url.appendingPathComponent("backup.json")
            try await scope.backup.exportJSON().write(to: file)
            return file
        }
    }

    /// The totals kept for the scope's person, without any read building them first.
    static func expectKept(_ scope: UserScope, under boundary: DayBoundary) async throws {
        let kept = try await scope.store.storedDayTotals(owner: scope.owner)
        #expect(kept.boundary == boundary)
        #expect(kept.totals.filter { $0.series == .water }.count >= 3)
        let check = try await DayTotalsCheck.run(in: scope)
        #expect(check.differences.isEmpty, "\(check.differences)")
    }

    @Test(arguments: Database.available)
    func aBackupImportKeepsTheTotalsUnderTheDayItBrings(_ database: Database) async throws {
        let directory = try TemporaryDirectory()
        let file = try await Self.backup(in: directory)
        try await database.withStore { subject in
            let scope = subject.scope()
            let dry = try await scope.imports.run(file, dryRun: true)
            #expect(dry.added > 0)
            let none = try await subject.store.storedDayTotals(owner: scope.owner)
            #expect(none.boundary == nil && none.totals.isEmpty, "a dry run keeps nothing")
            _ = try await scope.imports.run(file)
            try await Self.expectKept(scope, under: Self.lateDay)
            // The same file again changes nothing, totals included.
            let before = try await subject.store.storedDayTotals(owner: scope.owner)
            _ = try await scope.imports.run(file)
            #expect(try await subject.store.storedDayTotals(owner: scope.owner) == before)
        }
    }

    @Test(arguments: Database.available)
    func aCopyKeepsTheTotalsOfEachPerson(_ database: Database) async throws {
        let directory = try TemporaryDirectory()
        let file = try await Self.backup(in: directory)
        try await Database.sqlite.withStore { source in
            let accounts = AccountService(
                store: source.store, clock: FixedClock(StoreUnderTest.now), hasher: PasswordHasher(cost: 4))
            let ada = try await accounts.createUser(name: "ada", password: "ada password 1", isAdmin: true)
            _ = try await source.scope(owner: ada.id).imports.run(file)
            try await database.withStore { target in
                _ = try await StoreCopy(from: source.store, to: target.store, clock: FixedClock(StoreUnderTest.now))
                    .run()
                try await Self.expectKept(target.scope(owner: ada.id), under: Self.lateDay)
            }
        }
    }
}
