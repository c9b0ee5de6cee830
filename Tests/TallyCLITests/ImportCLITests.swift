import Foundation
import TallyCore
import Testing
import ZIPFoundation

/// `tally import` on another tracker's file: told by content, previewed, imported once, refused whole.
@Suite struct ImportCLITests {
    static func water(_ start: String, _ value: String, _ unit: String = "mL") -> String {
        #"<Record type="HKQuantityTypeIdentifierDietaryWater" sourceName="Water" unit="\#(unit)" "#
            + #"startDate="\#(start)" endDate="\#(start)" value="\#(value)"/>"#
    }

    static let export = """
        <?xml version="1.0" encoding="UTF-8"?>
        <!DOCTYPE HealthData [
        <!ATTLIST VisionPrescription
          type CDATA #REQUIRED
        ]>
        <HealthData locale="en_US">
        \(water("2026-11-21 08:15:00 -0500", "250"))
        \(water("2026-11-21 08:16:00 -0500", "250"))
        \(water("2026-11-21 12:00:00 -0500", "0.5", "L"))
        </HealthData>
        """

    /// Health's export.zip: the XML under a localised name, with the clinical document beside it.
    static func zip(_ xml: String, to url: URL) throws {
        let archive = try Archive(url: url, accessMode: .create)
        for (path, text) in [
            ("apple_health_export/export_cda.xml", "<ClinicalDocument/>"),
            ("apple_health_export/exportar.xml", xml),
        ] {
            let data = Data(text.utf8)
            try archive.addEntry(
                with: path, type: .file, uncompressedSize: Int64(data.count), compressionMethod: .deflate
            ) { position, size in data.subdata(in: Int(position)..<Int(position) + size) }
        }
    }

    static func entries(_ tally: TallyBinary) throws -> [[String: Any]] {
        try tally.json(["water", "day", "2026-11-21", "--json"])["entries"] as? [[String: Any]] ?? []
    }

    /// A Tally backup inside a zip archive (as a mail or a cloud drive hands it back) is unpacked to a
    /// temporary file and read a chunk at a time, like the file itself; the copy is gone afterwards.
    @Test func aZippedBackupIsImportedOnceAndItsCopyRemoved() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let now = TimeInput.parseInstant("2026-11-22T10:00:00-05:00")!
        let events = SampleEvents.bathroom(3_000, spacing: 3_600, newest: now)
        let backup = try BackupCoding.encoder().encode(TallyBackup(records: events))
        let file = tally.dataDirectory.appendingPathComponent("tally-backup.zip")
        let archive = try Archive(url: file, accessMode: .create)
        try archive.addEntry(
            with: "Tally/tally-2026-11-22.json", type: .file, uncompressedSize: Int64(backup.count),
            compressionMethod: .deflate
        ) { position, size in backup.subdata(in: Int(position)..<Int(position) + size) }
        let temporary = FileManager.default.temporaryDirectory
        let before = Set(try FileManager.default.contentsOfDirectory(atPath: temporary.path))

        let first = try tally.json(["import", file.path, "--json"])
        #expect(first["format"] as? String == "tally" && first["added"] as? Int == 3_000)
        let days = try #require(try tally.json(["pee", "history", "--all", "--json"])["days"] as? [[String: Any]])
        #expect(days.reduce(0) { $0 + (($1["events"] as? [Any])?.count ?? 0) } == 3_000)
        let again = try tally.json(["import", file.path, "--json"])
        #expect(again["added"] as? Int == 0 && again["unchanged"] as? Int == 3_000)
        let after = Set(try FileManager.default.contentsOfDirectory(atPath: temporary.path))
        #expect(after.subtracting(before).filter { $0.hasPrefix("tally-import-") }.isEmpty)
    }

    @Test func aHealthExportIsPreviewedImportedOnceAndMatchedAgainstWhatIsLogged() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let file = tally.dataDirectory.appendingPathComponent("export.zip")
        try Self.zip(Self.export, to: file)
        // A glass logged by hand a minute off one of Health's: the same glass.
        #expect(try tally.run(["water", "250", "--at", "2026-11-21T08:14:00-05:00"]).status == 0)
        let preview = try tally.json(["import", file.path, "--dry-run", "--json"])
        #expect(preview["format"] as? String == "apple-health" && preview["dryRun"] as? Bool == true)
        #expect(preview["added"] as? Int == 2 && preview["duplicates"] as? Int == 1)
        #expect(try Self.entries(tally).count == 1)

        let imported = try tally.run(["import", file.path])
        #expect(imported.stdout == "Apple Health export: added 2, 1 skipped as duplicates, 0 already here\n")
        let entries = try Self.entries(tally)
        #expect(entries.count == 3)
        let again = try tally.json(["import", file.path, "--json"])
        #expect(again["added"] as? Int == 0 && again["unchanged"] as? Int == 2 && again["duplicates"] as? Int == 1)
    }

    /// More glasses than one write takes, over months (read back a month at a time): all are stored, a
    /// deleted one stays deleted, and nothing is added twice.
    @Test func aLongHistoryIsImportedInBatchesAndOnlyOnce() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.dateFormat = "yyyy-MM-dd HH:mm:ss Z"
        formatter.timeZone = TimeZone(identifier: "America/New_York")
        let start = try #require(ISO8601DateFormatter().date(from: "2026-08-01T12:00:00Z"))
        let records = (0..<12_001).map { index in
            Self.water(formatter.string(from: start.addingTimeInterval(Double(index) * 600)), "\(100 + index % 5)")
        }
        let xml =
            "<?xml version=\"1.0\"?>\n<HealthData locale=\"en_US\">\n"
            + records.joined(separator: "\n") + "\n</HealthData>\n"
        let file = tally.dataDirectory.appendingPathComponent("export.xml")
        try Data(xml.utf8).write(to: file)
        let imported = try tally.json(["import", file.path, "--json"])
        #expect(imported["added"] as? Int == 12_001, "\(imported)")
        let day = try tally.json(["water", "day", "2026-09-01", "--json"])["entries"] as? [[String: Any]] ?? []
        #expect(day.count == 144)
        let first = try #require(day.first?["id"] as? String)
        #expect(try tally.run(["water", "delete", first]).status == 0)
        let again = try tally.json(["import", file.path, "--json"])
        #expect(again["added"] as? Int == 0 && again["unchanged"] as? Int == 12_001, "\(again)")
        let after = try tally.json(["water", "day", "2026-09-01", "--json"])["entries"] as? [[String: Any]] ?? []
        #expect(after.count == 143)
        #expect(!after.contains { $0["id"] as? String == first })
    }

    @Test func aBrokenFileNamesItsLineAndStoresNothing() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let file = tally.dataDirectory.appendingPathComponent("export.xml")
        let broken = Self.export.replacingOccurrences(of: #"value="0.5""#, with: #"value="lots""#)
        try Data(broken.utf8).write(to: file)
        let refused = try tally.run(["import", file.path])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("line 9: a water record's value 'lots' is not an amount"))
        #expect(try Self.entries(tally).isEmpty)

        let text = tally.dataDirectory.appendingPathComponent("notes.txt")
        try Data("hello".utf8).write(to: text)
        let unknown = try tally.run(["import", text.path])
        #expect(unknown.status != 0 && unknown.stderr.contains("notes.txt is not a file Tally imports"))
        let forced = try tally.run(["import", text.path, "--format", "garmin"])
        #expect(forced.status != 0 && forced.stderr.contains("'garmin' is not a format Tally imports"))
    }

    /// A zip whose member unpacks to far more than any export packs to (a megabyte of zipped whitespace is a
    /// gigabyte) is refused once it passes the bound, rather than read to its end at the preview and again
    /// at the import.
    @Test func aZipBombIsRefusedAtItsBoundAndStoresNothing() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let file = tally.dataDirectory.appendingPathComponent("export.zip")
        let archive = try Archive(url: file, accessMode: .create)
        let head = Data(#"<?xml version="1.0" encoding="UTF-8"?><HealthData locale="en_US">"#.utf8)
        let size = 300 << 20
        let blank = Data(repeating: 0x20, count: 1 << 20)
        try archive.addEntry(
            with: "apple_health_export/export.xml", type: .file, uncompressedSize: Int64(size),
            compressionMethod: .deflate
        ) { position, length in
            position == 0 ? head + blank.prefix(length - head.count) : blank.prefix(length)
        }
        let packed = try #require(try FileManager.default.attributesOfItem(atPath: file.path)[.size] as? Int)
        #expect(packed < 2 << 20, "\(packed) bytes")
        let refused = try tally.run(["import", file.path, "--dry-run"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("unpacks to over 200 times its packed size"), "\(refused.stderr)")
        #expect(try Self.entries(tally).isEmpty)
    }

    /// A zip member whose bytes no longer match its CRC-32 (one water value changed, 250 to 290, in a
    /// stored entry) is refused as damaged, and nothing is stored.
    @Test func aZipMemberThatFailsItsChecksumIsRefusedAsDamaged() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let file = tally.dataDirectory.appendingPathComponent("export.zip")
        let xml = Data(Self.export.utf8)
        let archive = try Archive(url: file, accessMode: .create)
        try archive.addEntry(
            with: "apple_health_export/export.xml", type: .file, uncompressedSize: Int64(xml.count),
            compressionMethod: .none
        ) { position, size in xml.subdata(in: Int(position)..<Int(position) + size) }
        var bytes = try Data(contentsOf: file)
        let value = try #require(bytes.range(of: Data(#"value="250""#.utf8)))
        bytes[value.lowerBound + 8] = UInt8(ascii: "9")  // 250 ml becomes 290 ml
        try bytes.write(to: file)
        for arguments in [["import", file.path, "--dry-run"], ["import", file.path]] {
            let refused = try tally.run(arguments)
            #expect(refused.status != 0)
            #expect(refused.stderr.contains("is damaged (checksum)"), "\(refused.stderr)")
        }
        #expect(try Self.entries(tally).isEmpty)
    }

    /// A file with nothing Tally reads says so rather than "added 0": an Apple Health export without water,
    /// and another tracker's JSON forced to be read as Daylio's.
    @Test func aFileWithNothingToImportSaysWhy() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let health = tally.dataDirectory.appendingPathComponent("export.xml")
        try Data(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <HealthData locale="en_US">
            <Record type="HKQuantityTypeIdentifierStepCount" sourceName="Phone" unit="count" \
            startDate="2026-11-21 08:15:00 -0500" endDate="2026-11-21 08:16:00 -0500" value="120"/>
            </HealthData>
            """.utf8
        ).write(to: health)
        let noWater = try tally.run(["import", health.path, "--dry-run"])
        #expect(noWater.status != 0 && noWater.stderr.contains("holds no water"), "\(noWater.stderr)")
        let beaver = tally.dataDirectory.appendingPathComponent("beaver.json")
        try Data(#"{"user_email": "ana@example.com", "habits": []}"#.utf8).write(to: beaver)
        let forced = try tally.run(["import", beaver.path, "--format", "daylio"])
        #expect(
            forced.status != 0 && forced.stderr.contains("looks like a Beaver Habit Tracker file, not Daylio"),
            "\(forced.stderr)")
    }
}
