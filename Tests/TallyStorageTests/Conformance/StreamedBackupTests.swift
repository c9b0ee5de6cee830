import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing

/// A backup written a piece at a time is byte for byte the encoding of the whole, and a long one (whose
/// format name comes only after its records) is still known for one.
@Suite struct StreamedBackupTests {
    @Test(arguments: Database.available)
    func theStreamedBackupIsTheEncodedOne(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            let empty = try await scope.backup.exportJSON()
            #expect(empty == (try BackupCoding.encoder().encode(try await scope.backup.export())))
            try await RecordConformanceTests.populate(scope)
            // Across many reads and chunks: events over two years, a tombstone among them, one before 1970.
            for day in stride(from: 0, to: 730, by: 3) {
                let at = StoreUnderTest.now.addingTimeInterval(-Double(day) * 86_400 - 3_600)
                _ = try await scope.bathroom.log(at: at, note: day % 2 == 0 ? "a \"quoted\" note\nover two lines" : nil)
                _ = try await scope.water.log(amountML: 100 + Double(day), at: at, source: .cli)
            }
            let gone = try await scope.bathroom.log(at: StoreUnderTest.now.addingTimeInterval(-7_200))
            try await scope.bathroom.delete(id: gone.id)
            let streamed = try await scope.backup.exportJSON()
            let whole = try BackupCoding.encoder().encode(try await scope.backup.export())
            #expect(streamed == whole)
            #expect(streamed.count > 100_000)
        }
    }

    @Test func aLongBackupIsKnownByItsKeys() async throws {
        try await Database.sqlite.withStore { subject in
            let scope = subject.scope()
            for minute in 0..<600 {
                _ = try await scope.bathroom.log(at: StoreUnderTest.now.addingTimeInterval(-Double(minute) * 60))
            }
            let directory = try TemporaryDirectory()
            let file = directory.url.appendingPathComponent("backup.json")
            try await scope.backup.exportJSON().write(to: file)
            let head = try String(
                decoding: FileHandle(forReadingFrom: file).read(upToCount: 64 << 10) ?? Data(), as: UTF8.self)
            #expect(!head.contains("tally-backup"))
            #expect(try ImportService.format(of: file) == .tally)
        }
    }
}
