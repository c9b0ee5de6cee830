import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// A backup's dry run counts what it would add kind by kind, and those are the counts the import then
/// stores: for every kind of record, deletions apart.
@Suite struct BackupCountsTests {
    @Test(arguments: Database.available)
    func theDryRunsCountsPerKindAreWhatTheImportStores(_ database: Database) async throws {
        try await database.withStore { source in
            let scope = source.scope()
            try await RecordConformanceTests.populate(scope)
            _ = try await scope.water.log(amountML: 330, at: StoreUnderTest.now.addingTimeInterval(-600), source: .cli)
            let gone = try await scope.bathroom.log(at: StoreUnderTest.now.addingTimeInterval(-7_200))
            try await scope.bathroom.delete(id: gone.id)
            let directory = try TemporaryDirectory()
            let file = directory.url.appendingPathComponent("backup.json")
            try await scope.backup.exportJSON().write(to: file)
            try await database.withStore { target in
                let preview = try await target.scope().imports.run(file, dryRun: true)
                let report = try await target.scope().imports.run(file)
                var stored: [String: Int] = [:]
                for record in try await target.everything() where !record.meta.isDeleted {
                    stored[record.kind.backupKey, default: 0] += 1
                }
                #expect(Set(stored.keys) == Set(RecordKinds.all.map { $0.kind.backupKey }))
                #expect(stored["waterEntries"] == 2 && stored["bathroomEvents"] == 1)
                #expect(preview.addedByKind == stored)
                #expect(report.addedByKind == stored)
                #expect(report.added == stored.values.reduce(0, +) && report.deletions == 1)
                #expect(report.summary.contains("2 water entries, "), "\(report.summary)")
                #expect(report.summary.contains("1 bathroom event, "), "\(report.summary)")
                #expect(report.summary.contains("1 deletion carried (nothing shown)"), "\(report.summary)")
                // Again: nothing is new, kind by kind.
                let again = try await target.scope().imports.run(file, dryRun: true)
                #expect(again.added == 0 && again.addedByKind == [:] && again.addedKinds.isEmpty)
            }
        }
    }
}
