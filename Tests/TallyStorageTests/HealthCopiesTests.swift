import Foundation
import TallyCore
import TallyStorage
import Testing

@testable import TallyServices

/// Identical Health records (same source, time and amount) are as many glasses, and each has an id of its
/// own made from its provenance and its place among the copies in the export's order: importing the export
/// again finds every one of them, whatever Tally version imported it first.
@Suite struct HealthCopiesTests {
    static func record(_ source: String, _ start: String, _ value: String) -> String {
        #"<Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="\#(source)" unit="mL" "#
            + #"startDate="\#(start)" endDate="\#(start)" value="\#(value)"/>"#
    }

    @Test(arguments: Database.available)
    func identicalRecordsAreGlassesOfTheirOwnWithIdsNumberedInTheExportsOrder(_ database: Database) async throws {
        let directory = try TemporaryDirectory()
        let file = directory.url.appendingPathComponent("export.xml")
        let noon = "2026-11-21 12:00:00 -0500"
        let records = [
            Self.record("Water", noon, "250"), Self.record("Water", "2026-11-21 09:00:00 -0500", "300"),
            Self.record("Water", noon, "250"), Self.record("Other app", noon, "250"),
            Self.record("Water", noon, "250"), Self.record("Water", noon, "250.0"),
        ]
        try Data(
            ("<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n" + records.joined(separator: "\n")
                + "\n</HealthData>\n").utf8
        ).write(to: file)
        try await database.withStore { subject in
            let scope = subject.scope()
            let report = try await scope.imports.run(file)
            #expect(report.added == 6 && report.duplicates == 0, "\(report)")
            func id(_ source: String, _ start: String, _ value: String, _ copy: Int) -> UUID {
                ImportService.provenanceID(
                    "apple-health water\n\(source)\n\(start)\n\(value) mL\n\(copy)", owner: scope.owner)
            }
            let expected: Set<UUID> = [
                id("Water", noon, "250", 0), id("Water", noon, "250", 1), id("Water", noon, "250", 2),
                id("Water", "2026-11-21 09:00:00 -0500", "300", 0), id("Other app", noon, "250", 0),
                id("Water", noon, "250.0", 0),
            ]
            let stored = try await scope.store.records(WaterEntry.self, owner: scope.owner, .all)
            #expect(Set(stored.map(\.id)) == expected)
            let again = try await scope.imports.run(file)
            #expect(again.added == 0 && again.unchanged == 6, "\(again)")
        }
    }
}
