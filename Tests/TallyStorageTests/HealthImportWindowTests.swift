import Foundation
import TallyCore
import TallyStorage
import Testing

@testable import TallyServices

/// A Health export of more glasses than an import holds at once is read again a span of time at a time
/// (``ImportService/healthGlassLimit``), and imports exactly what the whole export read at once does: the
/// same entries, the same report, its dry run the same, and nothing added a second time.
@Suite struct HealthImportWindowTests {
    static let zone = "-0500"

    static func record(_ start: String, _ value: String) -> String {
        #"<Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Water" unit="mL" "#
            + #"startDate="\#(start) \#(zone)" endDate="\#(start) \#(zone)" value="\#(value)"/>"#
    }

    /// Six days of glasses: two a minute apart each morning, one at noon written twice (two glasses), one
    /// in the evening; and a glass at 23:59 with the next at 00:02, which no span may part.
    static let export: String = {
        var records: [String] = []
        for day in 10...15 {
            let date = "2026-11-\(day)"
            records += [
                record("\(date) 08:00:00", "250"), record("\(date) 08:01:00", "250"),
                record("\(date) 12:00:00", "\(300 + day)"), record("\(date) 12:00:00", "\(300 + day)"),
                record("\(date) 18:30:00", "200"),
            ]
        }
        records += [record("2026-11-12 23:59:00", "150"), record("2026-11-13 00:02:00", "150")]
        return "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n" + records.joined(separator: "\n")
            + "\n</HealthData>\n"
    }()

    /// What an owner's water is, without ids (an owner's provenance ids are their own).
    static func water(_ scope: UserScope) async throws -> [String] {
        try await scope.store.records(WaterEntry.self, owner: scope.owner, RecordQuery(includingDeleted: true))
            .map { "\($0.at.millisecondsSince1970) \($0.amountML) \($0.timeZoneID) \($0.meta.isDeleted)" }.sorted()
    }

    @Test(arguments: Database.available)
    func anExportReadASpanAtATimeImportsWhatItDoesReadWhole(_ database: Database) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("export.xml")
        try Data(Self.export.utf8).write(to: file)
        try await database.withStore { subject in
            let whole = subject.scope(owner: UUID())
            let spans = subject.scope(owner: UUID())
            for scope in [whole, spans] {
                // Logged by hand: a minute off the second morning glass of the 11th (a duplicate of it), and
                // on the 14th an amount no glass has.
                _ = try await scope.water.log(
                    amountML: 250, at: TimeInput.parseInstant("2026-11-11T08:02:00-05:00")!, source: .cli)
                _ = try await scope.water.log(
                    amountML: 999, at: TimeInput.parseInstant("2026-11-14T12:00:30-05:00")!, source: .cli)
            }
            var byWindow = spans.imports
            byWindow.healthGlassLimit = 5

            let preview = try await byWindow.run(file, dryRun: true)
            let imported = try await byWindow.run(file)
            let expected = try await whole.imports.run(file)
            #expect(expected.added == 31 && expected.duplicates == 1 && expected.unchanged == 0, "\(expected)")
            #expect(imported == expected)
            #expect(preview.added == imported.added && preview.duplicates == imported.duplicates)
            #expect(try await Self.water(spans) == Self.water(whole))

            // Again, a span at a time: everything is here already.
            let again = try await byWindow.run(file)
            #expect(again.added == 0 && again.unchanged == 31 && again.duplicates == 1, "\(again)")
            #expect(try await Self.water(spans) == Self.water(whole))
        }
    }

    @Test func spansHoldAboutTheirLimitAndPartNoGlassesCloserThanTwiceTheWindow() {
        let base = TimeInput.parseInstant("2026-11-10T00:00:00Z")!
        func day(_ number: Int, count: Int, first: TimeInterval, last: TimeInterval) -> (Int, HealthGlasses.DaySpan) {
            let start = base.addingTimeInterval(Double(number) * 86_400)
            return (
                Int((start.timeIntervalSince1970 / 86_400).rounded(.down)),
                HealthGlasses.DaySpan(
                    count: count, first: start.addingTimeInterval(first), last: start.addingTimeInterval(last))
            )
        }
        let days = Dictionary(
            uniqueKeysWithValues: [
                day(0, count: 3, first: 3_600, last: 80_000),
                // Its last glass 23:59, the next day's first at 00:02: three minutes apart.
                day(1, count: 3, first: 3_600, last: 86_340),
                day(2, count: 3, first: 120, last: 80_000),
                day(3, count: 3, first: 3_600, last: 80_000),
                day(5, count: 9, first: 3_600, last: 80_000),
            ])
        let windows = HealthGlasses.windows(days, holding: 4)
        #expect(windows.count == 4)
        // Days 1 and 2 share a span; day 5, over the limit alone, is a span of its own.
        #expect(windows[1].lowerBound == days[days.keys.sorted()[1]]!.first)
        #expect(windows[1].upperBound == days[days.keys.sorted()[2]]!.last)
        #expect(windows.last?.lowerBound == days[days.keys.max()!]!.first)
        // In order, apart, and covering every day.
        for (earlier, later) in zip(windows, windows.dropFirst()) {
            #expect(later.lowerBound.timeIntervalSince(earlier.upperBound) > 2 * WaterImportPlan.window)
        }
        for span in days.values {
            #expect(windows.contains { $0.contains(span.first) && $0.contains(span.last) })
        }
    }
}
