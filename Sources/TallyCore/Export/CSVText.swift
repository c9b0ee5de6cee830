/// CSV rows as UTF-8 bytes (RFC 4180), as the exports write them: fields separated by commas, every row
/// ended by a line feed, a field quoted when it holds a comma, a quote, a carriage return or a line feed
/// (its quotes doubled). The same bytes CSV.swift's writer made for these files before, without its
/// byte-at-a-time writes. Pure: the caller writes ``bytes`` out and ``clear()``s them.
public struct CSVText: Sendable {
    public private(set) var bytes: [UInt8] = []

    public init(capacity: Int = 1 << 16) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends one row.
    public mutating func append(row fields: [String]) {
        for (index, field) in fields.enumerated() {
            if index > 0 { bytes.append(UInt8(ascii: ",")) }
            append(field: field)
        }
        bytes.append(UInt8(ascii: "\n"))
    }

    /// Forgets the bytes made so far (after they were written out), keeping the room.
    public mutating func clear() {
        bytes.removeAll(keepingCapacity: true)
    }

    private mutating func append(field: String) {
        var field = field
        field.withUTF8 { utf8 in
            guard utf8.contains(where: Self.needsQuotes) else {
                bytes.append(contentsOf: utf8)
                return
            }
            bytes.append(UInt8(ascii: "\""))
            for byte in utf8 {
                if byte == UInt8(ascii: "\"") { bytes.append(byte) }
                bytes.append(byte)
            }
            bytes.append(UInt8(ascii: "\""))
        }
    }

    private static func needsQuotes(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: ",") || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\n")
            || byte == UInt8(ascii: "\r")
    }
}
