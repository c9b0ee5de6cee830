import CSV
import Foundation
import TallyTestSupport
import Testing
import ZIPFoundation

/// `tally export --format csv|ics`: a CSV per tracker that spreadsheets read back (notes with commas,
/// quotes and newlines intact, instants with their offset), all of them in one zip, and an iCalendar file.
@Suite struct ExportCLITests {
    static func table(_ text: String) throws -> [[String]] {
        let reader = try CSVReader(string: text, hasHeaderRow: false)
        var rows: [[String]] = []
        while let row = reader.next() { rows.append(row) }
        return rows
    }

    @Test func eachTrackerIsACSVThatReadsBack() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let note = "Woke up, \"urgent\"\nagain"
        #expect(try tally.run(["water", "250", "--at", "2026-11-21T23:58:00-05:00"]).status == 0)
        #expect(
            try tally.run(["pee", "log", "--at", "2026-11-21T03:10:00-05:00", "--note", note, "--urgency", "4"])
                .status == 0)
        #expect(try tally.run(["skills", "add", "Read", "--start", "2026-11-20"]).status == 0)
        #expect(try tally.run(["skills", "done", "Read", "--date", "2026-11-21", "--partial"]).status == 0)
        #expect(
            try tally.run(["journal", "2026-11-21", "--note", "Line one\nline two, with a comma", "--mood", "4"])
                .status == 0)

        let water = try Self.table(try tally.run(["export", "--format", "csv", "--tracker", "water"]).stdout)
        #expect(water.first == ["id", "time", "time_zone", "amount_ml", "drink", "source"])
        #expect(water.count == 2 && water[1][1] == "2026-11-21T23:58:00-05:00" && water[1][3] == "250")
        let bathroom = try Self.table(try tally.run(["export", "--format", "csv", "--tracker", "bathroom"]).stdout)
        #expect(bathroom.count == 2 && bathroom[1][6] == note && bathroom[1][4] == "4")
        let completions = try Self.table(
            try tally.run(["export", "--format", "csv", "--tracker", "skill-completions"]).stdout)
        #expect(completions.dropFirst().map { Array($0.dropFirst()) } == [["Read", "2026-11-21", "partial"]])
        let journal = try Self.table(try tally.run(["export", "--format", "csv", "--tracker", "journal"]).stdout)
        #expect(journal.dropFirst().first == ["2026-11-21", "4", "Good", "Line one\nline two, with a comma", ""])

        let zip = tally.dataDirectory.appendingPathComponent("tally.zip")
        #expect(try tally.run(["export", "--format", "csv", "--output", zip.path]).status == 0)
        let archive = try Archive(url: zip, accessMode: .read)
        #expect(
            archive.map(\.path).sorted()
                == ["bathroom.csv", "journal.csv", "skill-completions.csv", "skills.csv", "water.csv"])
        // Each file in the zip is the tracker's CSV, byte for byte, and unzip finds every CRC right.
        for entry in archive {
            var content = Data()
            _ = try archive.extract(entry) { content.append($0) }
            let tracker = String(entry.path.dropLast(4))
            let alone = try tally.run(["export", "--format", "csv", "--tracker", tracker]).stdout
            #expect(String(decoding: content, as: UTF8.self) == alone, "\(entry.path)")
        }
        let tested = try ChildProcess.run("/usr/bin/env", ["python3", "-m", "zipfile", "-t", zip.path])
        #expect(tested.status == 0, "\(String(decoding: tested.stderr, as: UTF8.self))")
        let refused = try tally.run(["export", "--format", "csv"])
        #expect(refused.status != 0 && refused.stderr.contains("give --output FILE.zip, or --tracker NAME"))
        let unknown = try tally.run(["export", "--format", "csv", "--tracker", "steps"])
        #expect(unknown.stderr.contains("'steps' is not a tracker to export"))
    }

    @Test func datesExportAsICalendar() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(
            try tally.run([
                "events", "add", "Bins out", "--start", "2026-11-24", "--time", "19:00", "--rrule",
                "FREQ=WEEKLY;BYDAY=TU",
            ]).status == 0)
        let calendar = try tally.run(["export", "--format", "ics"]).stdout
        #expect(calendar.hasPrefix("BEGIN:VCALENDAR\r\n") && calendar.contains("SUMMARY:Bins out\r\n"))
        #expect(calendar.contains("RRULE:FREQ=WEEKLY;BYDAY=TU"))
    }
}
