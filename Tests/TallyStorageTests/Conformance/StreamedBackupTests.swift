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
            // Across many reads and chunks: events over two years, notes the encoder writes as they are and
            // ones it escapes, amounts with fractions, a drink kind, a tombstone.
            for day in stride(from: 0, to: 730, by: 2) {
                let at = StoreUnderTest.now.addingTimeInterval(-Double(day) * 86_400 - 3_600)
                let note = day % 98 == 0 ? "a \"quoted\" note\nover two lines" : day % 3 == 0 ? "après café ☕" : nil
                _ = try await scope.bathroom.log(
                    at: at, note: note, volumeML: day % 5 == 0 ? 300 : nil, urgency: day % 4 == 0 ? nil : day % 5,
                    leak: day % 7 == 0)
                _ = try await scope.water.log(
                    amountML: [250, 100.25, 236.59, 0.5, 1_000][day % 5], at: at,
                    drinkKind: day % 6 == 0 ? "tea" : nil, source: .cli)
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

    @Test(arguments: Database.available)
    func aBackupFileIsImportedAChunkAtATimeAndWholeOrNotAtAll(_ database: Database) async throws {
        try await database.withStore { source in
            let scope = source.scope()
            try await RecordConformanceTests.populate(scope)
            for minute in 0..<2_500 {
                let at = StoreUnderTest.now.addingTimeInterval(-Double(minute) * 600)
                _ = try await scope.water.log(amountML: 100 + Double(minute % 7), at: at, source: .cli)
            }
            let directory = try TemporaryDirectory()
            let file = directory.url.appendingPathComponent("backup.json")
            let exported = try await scope.backup.exportJSON()
            try exported.write(to: file)
            try await database.withStore { target in
                // The dry run's figures are the import's, and it stores nothing.
                let empty = try await target.scope().backup.exportJSON()
                let preview = try await target.scope().imports.run(file, dryRun: true)
                #expect(try await target.scope().backup.exportJSON() == empty)
                let report = try await target.scope().imports.run(file)
                #expect(preview.dryRun && !report.dryRun)
                #expect(preview.added == report.added && preview.updated == report.updated)
                #expect(preview.unchanged == report.unchanged)
                #expect(report.added == (try await source.everything()).count)
                // Again: a dry run says all of it is here already, as the import then does.
                let again = try await target.scope().imports.run(file, dryRun: true)
                #expect(again.added == 0 && again.unchanged == report.added)
                #expect(try await target.scope().backup.exportJSON() == exported)
                #expect(try await target.scope().imports.run(file).unchanged == report.added)
            }
            // One bad entry near the end of the file: nothing of it is stored.
            var text = String(decoding: exported, as: UTF8.self)
            let last = try #require(text.range(of: "\"amountML\" : ", options: .backwards))
            text.replaceSubrange(last.upperBound..<last.upperBound, with: "-")
            try Data(text.utf8).write(to: file)
            try await database.withStore { target in
                let empty = try await target.scope().backup.exportJSON()
                await #expect(throws: TallyError.self) { try await target.scope().imports.run(file) }
                #expect(try await target.scope().backup.exportJSON() == empty)
            }
        }
    }

    @Test func theReaderFindsEveryElementWhateverTheReadsSize() throws {
        let json = Data(
            """
            \u{FEFF}{ "a" : [ {"x": "}]\\"[{", "y": [1, {"z": 2}]}, 3 , "s,]" ],
              "format" : "tally-backup", "version" : 1, "empty" : [], "n" : -1.5e3 }
            """.utf8)
        for size in [1, 2, 7, 1 << 20] {
            var offset = 0
            var reader = BackupElementReader {
                defer { offset += size }
                return offset < json.count ? json.subdata(in: offset..<min(offset + size, json.count)) : Data()
            }
            var items: [String] = []
            while let item = try reader.next() {
                switch item {
                case .value(let key, let value): items.append("\(key)=\(String(decoding: value, as: UTF8.self))")
                case .element(let key, let value): items.append("\(key)[]\(String(decoding: value, as: UTF8.self))")
                }
            }
            #expect(
                items == [
                    #"a[]{"x": "}]\"[{", "y": [1, {"z": 2}]}"#, "a[]3", #"a[]"s,]""#, #"format="tally-backup""#,
                    "version=1", "n=-1.5e3",
                ])
        }
        for broken in ["", "[1]", "{\"a\": [1,", "{\"a\" 1}", "{\"a\": \"open", "{} x"] {
            var sent = false
            var reader = BackupElementReader {
                defer { sent = true }
                return sent ? Data() : Data(broken.utf8)
            }
            #expect(throws: TallyError.self) { while try reader.next() != nil {} }
        }
    }
}
