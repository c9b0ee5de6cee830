import CSV
import Foundation
import TallyCore
import Testing

/// The exports' CSV text is byte for byte what CSV.swift's writer made of the same rows before (it wrote
/// a byte at a time, 124 s for 2M records), whatever the fields hold.
@Suite struct CSVTextTests {
    @Test func theTextIsWhatCSVSwiftWrote() throws {
        let rows: [[String]] = [
            ["id", "time", "note"],
            ["", "plain", "a, comma"],
            ["\"quoted\"", "line\nfeed", "carriage\rreturn"],
            ["crlf\r\nend", "après café ☕", "emoji 👩‍👩‍👧 and \"both\", kinds"],
            ["trailing,", ",", "\""],
            ["e\u{301}", "tab\there", "  spaces  "],
        ]
        let stream = OutputStream.toMemory()
        stream.open()
        let writer = try CSVWriter(stream: stream)
        var text = CSVText()
        for row in rows {
            try writer.write(row: row)
            text.append(row: row)
        }
        // The exports ended the last row after CSV.swift's writer, which only separates rows.
        _ = writer.stream.write([UInt8(ascii: "\n")], maxLength: 1)
        let previous = try #require(stream.property(forKey: .dataWrittenToMemoryStreamKey) as? Data)
        #expect(Data(text.bytes) == previous)
        #expect(Data(text.bytes).count > 150)
        text.clear()
        #expect(text.bytes.isEmpty)
    }
}
