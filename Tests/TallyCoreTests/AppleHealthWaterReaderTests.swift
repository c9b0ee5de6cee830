import Foundation
import Testing

@testable import TallyCore

/// Reading water out of Apple Health's export.xml as it streams in, broken DTD and stray bytes included.
@Suite struct AppleHealthWaterReaderTests {
    static func record(_ start: String, _ value: String, _ unit: String, source: String = "Water&amp;Me") -> String {
        #"<Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="\#(source)" unit="\#(unit)" "#
            + #"creationDate="2026-11-25 08:20:00 -0500" startDate="\#(start)" endDate="\#(start)" value="\#(value)""#
    }

    /// An export as iOS 16 writes it: an ATTLIST never closed in the DTD, a vertical tab in a value, a
    /// correlation repeating a glass that also stands at the top level, and steps that are not water.
    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!-- HealthKit Export Version: 12 -->
        <!ATTLIST VisionPrescription
          type CDATA #REQUIRED
        ]>
        <HealthData locale="en_US">
         <ExportDate value="2026-11-20 09:00:00 -0500"/>
         \(record("2026-11-19 08:15:00 -0500", "2\u{0B}50", "mL"))/>
         \(record("2026-11-19 09:00:00 -0500", "8", "fl_oz_us"))>
          <MetadataEntry key="HKWasUserEntered" value="1"/>
          <MetadataEntry key="HKTimeZone" value="Europe/Paris"/>
         </Record>
         <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" startDate="2026-11-19 09:00:00 -0500" endDate="2026-11-19 09:00:00 -0500" value="80"/>
         <Correlation type="HKCorrelationTypeIdentifierFood" startDate="2026-11-19 10:00:00 -0500" endDate="2026-11-19 10:00:00 -0500">
          \(record("2026-11-19 10:00:00 -0500", "0.1", "L"))/>
         </Correlation>
         \(record("2026-11-19 10:00:00 -0500", "0.1", "L"))/>
        </HealthData>
        """

    static func read(_ text: String, chunk: Int) throws -> [HealthWaterSample] {
        var reader = AppleHealthWaterReader()
        let bytes = Array(text.utf8)
        for start in stride(from: 0, to: bytes.count, by: chunk) {
            try reader.feed(bytes[start..<min(start + chunk, bytes.count)])
        }
        return try reader.finish()
    }

    @Test func topLevelWaterIsReadInItsZoneWhateverTheChunks() throws {
        let whole = try Self.read(Self.export, chunk: 1 << 20)
        #expect(whole.map(\.amountML) == [250, 8 * 29.5735295625, 100])
        #expect(whole.map(\.timeZoneID) == ["GMT-0500", "Europe/Paris", "GMT-0500"])
        #expect(whole.map(\.line) == [9, 10, 18])
        #expect(whole[0].at == TimeInput.parseInstant("2026-11-19T08:15:00-05:00"))
        #expect(whole[0].source == "Water&Me")
        for chunk in [1, 2, 3, 7, 64] { #expect(try Self.read(Self.export, chunk: chunk) == whole, "chunk \(chunk)") }
    }

    @Test(arguments: [
        ("mL", 1.0), ("L", 1_000), ("fl_oz_us", 29.5735295625), ("fl_oz_imp", 28.4130625), ("cup_us", 236.5882365),
        ("cup_imp", 284.130625), ("pt_us", 473.176473), ("pt_imp", 568.26125),
    ])
    func everyUnitHealthWritesIsConverted(_ unit: String, _ millilitres: Double) throws {
        let text = "<HealthData>\(Self.record("2026-11-19 08:15:00 +0100", "2", unit))/></HealthData>"
        #expect(try Self.read(text, chunk: 5).map(\.amountML) == [2 * millilitres])
    }

    @Test(arguments: [
        (
            "<HealthData>\n\(record("2026-11-19 08:15:00 -0500", "1", "gallon"))/></HealthData>",
            "line 2: a water record's unit 'gallon'"
        ),
        (
            "<HealthData>\n\n\(record("2026-11-19 8:15 -0500", "1", "mL"))/></HealthData>",
            "line 3: a water record's startDate"
        ),
        (
            "<HealthData>\n\(record("2026-11-19 08:15:00 -0500", "-1", "mL"))/></HealthData>",
            "line 2: a water record's value '-1'"
        ),
        ("<HealthData>\n\(record("2026-11-19 08:15:00 -0500", "1", "mL"))", "line 2: a tag is not closed"),
        ("<HealthData>\n<Record>\n</HealthData>", "line 3: </HealthData> closes <Record>"),
        ("<HealthData>\n<Me a=\"&bogus;\"/></HealthData>", ""),
        ("<html><body>hello</body></html>", "not an Apple Health export: it starts with <html>"),
        ("<?xml version=\"1.0\"?>", "not an Apple Health export: it has no <HealthData>"),
        ("<HealthData><Record>", "the file ends inside <Record>"),
    ])
    func aBrokenExportIsRefusedNamingTheLine(_ text: String, _ message: String) throws {
        if message.isEmpty {
            // An attribute of an element nobody reads is never decoded: its oddities cost nothing.
            #expect(try Self.read(text, chunk: 3).isEmpty)
            return
        }
        #expect {
            try Self.read(text, chunk: 3)
        } throws: { error in
            "\(error)".contains(message)
        }
    }
}
