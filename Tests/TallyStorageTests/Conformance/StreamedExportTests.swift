import Foundation
import TallyCore
import TallyServices
import TallyStorage
import Testing
import ZIPFoundation

/// The CSV export written a piece at a time, and zipped as it is made, holds exactly the rows a whole
/// read gives, in order; the zip is one that a zip reader opens, each file the tracker's CSV.
@Suite struct StreamedExportTests {
    @Test(arguments: Database.available)
    func theStreamedCSVIsTheWholeReadsRowsAndTheZipHoldsEachFile(_ database: Database) async throws {
        try await database.withStore { subject in
            let scope = subject.scope()
            try await RecordConformanceTests.populate(scope)
            // Across many stretches and pieces: two years of events, notes CSV quotes and ones it does not,
            // amounts with fractions, drinks with commas (merged, as a device's sync would bring them).
            var records: [AnyRecord] = []
            for hour in stride(from: 0, to: 2 * 365 * 24, by: 2) {
                let at = StoreUnderTest.now.addingTimeInterval(-Double(hour) * 3_600 - 60)
                let meta = RecordMeta(
                    id: UUID(), ownerID: scope.owner, createdAt: at, modifiedAt: at, deviceID: UUID(),
                    stamp: HLCStamp(millis: at.millisecondsSince1970, counter: 0))
                let zone = hour % 4 == 0 ? "Europe/Paris" : "America/New_York"
                let note = hour % 98 == 0 ? "a \"quoted\", note\r\nover two lines" : hour % 3 == 0 ? "après ☕" : nil
                records.append(
                    hour % 4 < 2
                        ? AnyRecord(
                            BathroomEvent(
                                meta: meta,
                                fields: BathroomEventFields(
                                    at: at, timeZoneID: zone, note: note, volumeML: hour % 5 == 0 ? 300 : nil,
                                    urgency: hour % 3 == 0 ? nil : hour % 5, leak: hour % 7 == 0)))
                        : AnyRecord(
                            WaterEntry(
                                meta: meta,
                                fields: WaterEntryFields(
                                    at: at, timeZoneID: zone, amountML: [250, 100.25, 236.59, 0.5, 1_000][hour % 5],
                                    drinkKind: hour % 6 == 0 ? "tea, green" : nil),
                                source: .cli)))
            }
            _ = try await scope.store.merge(records, now: StoreUnderTest.now)
            let gone = try await scope.bathroom.log(at: StoreUnderTest.now.addingTimeInterval(-7_200))
            try await scope.bathroom.delete(id: gone.id)

            var files: [String: Data] = [:]
            for table in ExportTable.allCases {
                var streamed = Data()
                var pieces = 0
                try await scope.exports.csv(table) {
                    streamed.append($0)
                    pieces += 1
                }
                if let whole = try await Self.whole(table, scope) { #expect(streamed == whole, "\(table)") }
                files[table.fileName] = streamed
                if table == .water || table == .bathroom { #expect(pieces > 3) }
            }

            var zip = Data()
            try await scope.exports.csvArchive { zip.append($0) }
            let archive = try Archive(data: zip, accessMode: .read)
            #expect(archive.map(\.path) == ExportTable.allCases.map(\.fileName))
            for entry in archive {
                var content = Data()
                _ = try archive.extract(entry) { content.append($0) }
                #expect(content == files[entry.path], "\(entry.path)")
            }
        }
    }

    /// A long table's CSV from one read of all its records, sorted as the export sorts them.
    static func whole(_ table: ExportTable, _ scope: UserScope) async throws -> Data? {
        let owner = scope.owner
        let rows: [[String]]
        switch table {
        case .water:
            rows = try await scope.store.records(WaterEntry.self, owner: owner, .all)
                .sorted { ($0.at, $0.id) < ($1.at, $1.id) }.map(ExportTable.row)
        case .bathroom:
            rows = try await scope.store.records(BathroomEvent.self, owner: owner, .all)
                .sorted { ($0.at, $0.id) < ($1.at, $1.id) }.map(ExportTable.row)
        case .skills, .skillCompletions, .journal:
            return nil
        }
        var text = CSVText()
        text.append(row: table.header)
        for row in rows { text.append(row: row) }
        #expect(rows.count > 4_000)
        return Data(text.bytes)
    }
}

extension StreamedExportTests {
    /// A download whose reader goes away (the writer throws) stops the export there: nothing more is
    /// read or written, and the error is the writer's.
    @Test func anExportStopsWhenItsReaderGoesAway() async throws {
        try await Database.sqlite.withStore { subject in
            let scope = subject.scope()
            for hour in 0..<50 {
                _ = try await scope.water.log(
                    amountML: 250, at: StoreUnderTest.now.addingTimeInterval(-Double(hour) * 3_600), source: .cli)
            }
            struct Gone: Error {}
            var pieces = 0
            await #expect(throws: Gone.self) {
                try await scope.exports.csvArchive { _ in
                    pieces += 1
                    if pieces == 3 { throw Gone() }
                }
            }
            #expect(pieces == 3)
        }
    }
}
