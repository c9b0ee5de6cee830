import Foundation

/// Reads back, without the JSON decoder, the compact JSON ``RecordCoding`` stores of water entries and
/// bathroom events: their keys in sorted order, plain strings, nothing else. Any other text (an escaped
/// string, a key out of place or unknown, a `null`) gives nil, and the decoder reads it; so a record read
/// here is the one the decoder would read, only sooner.
struct CompactRecordReader {
    private let bytes: [UInt8]
    private var position = 0

    private init(_ data: Data) {
        bytes = [UInt8](data)
    }

    /// The record of `kind` in `data`, or nil to leave it to the decoder.
    static func record(kind: String, from data: Data) -> AnyRecord? {
        var reader = CompactRecordReader(data)
        switch kind {
        case WaterEntry.kind.id: return reader.waterEntry().map(AnyRecord.init)
        case BathroomEvent.kind.id: return reader.bathroomEvent().map(AnyRecord.init)
        default: return nil
        }
    }

    private mutating func waterEntry() -> WaterEntry? {
        guard take("{"), key("amountML", first: true), let amount = double(), key("at"), let at = date() else {
            return nil
        }
        var drinkKind: String?
        if peekKey("drinkKind") {
            guard key("drinkKind"), let kind = string() else { return nil }
            drinkKind = kind
        }
        guard key("meta"), let meta = meta(), key("source"), let source = string().flatMap(WaterSource.init),
            key("timeZoneID"), let zone = string(), end()
        else { return nil }
        return WaterEntry(
            meta: meta, fields: WaterEntryFields(at: at, timeZoneID: zone, amountML: amount, drinkKind: drinkKind),
            source: source)
    }

    private mutating func bathroomEvent() -> BathroomEvent? {
        guard take("{"), key("at", first: true), let at = date(), key("leak"), let leak = bool(), key("meta"),
            let meta = meta()
        else { return nil }
        var note: String?
        if peekKey("note") {
            guard key("note"), let text = string() else { return nil }
            note = text
        }
        guard key("timeZoneID"), let zone = string() else { return nil }
        var urgency: Int?
        if peekKey("urgency") {
            guard key("urgency"), let value = int() else { return nil }
            urgency = value
        }
        var volume: Int?
        if peekKey("volumeML") {
            guard key("volumeML"), let value = int() else { return nil }
            volume = value
        }
        guard end() else { return nil }
        return BathroomEvent(
            meta: meta,
            fields: BathroomEventFields(
                at: at, timeZoneID: zone, note: note, volumeML: volume, urgency: urgency, leak: leak))
    }

    private mutating func meta() -> RecordMeta? {
        guard take("{"), key("createdAt", first: true), let created = date(), key("deviceID"), let device = id(),
            key("id"), let id = id(), key("isDeleted"), let deleted = bool(), key("modifiedAt"),
            let modified = date(), key("ownerID"), let owner = self.id(), key("stamp"),
            let stamp = string().flatMap(HLCStamp.init), take("}")
        else { return nil }
        return RecordMeta(
            id: id, ownerID: owner, createdAt: created, modifiedAt: modified, deviceID: device, stamp: stamp,
            isDeleted: deleted)
    }

    // MARK: - Pieces

    /// `"name":`, after a comma unless `first`.
    private mutating func key(_ name: StaticString, first: Bool = false) -> Bool {
        if !first && !take(",") { return false }
        return quoted(name) && take(":")
    }

    /// Whether the next key is `name` (after the comma), reading nothing.
    private func peekKey(_ name: StaticString) -> Bool {
        var copy = self
        return copy.key(name)
    }

    private mutating func quoted(_ name: StaticString) -> Bool {
        guard take("\"") else { return false }
        let matches = name.withUTF8Buffer { name in
            position + name.count <= bytes.count && bytes[position..<position + name.count].elementsEqual(name)
        }
        guard matches else { return false }
        position += name.utf8CodeUnitCount
        return take("\"")
    }

    /// A string holding no escape (the decoder reads those).
    private mutating func string() -> String? {
        guard let text = stringBytes() else { return nil }
        return text.allSatisfy { $0 < 0x80 }
            ? String(decoding: text, as: UTF8.self) : String(validating: text, as: UTF8.self)
    }

    /// The bytes between a string's quotes, if it holds no escape.
    private mutating func stringBytes() -> ArraySlice<UInt8>? {
        guard take("\"") else { return nil }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            if byte == UInt8(ascii: "\"") {
                position += 1
                return bytes[start..<position - 1]
            }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
            position += 1
        }
        return nil
    }

    /// An instant: as the writer puts it (`2026-11-22T19:00:00.000Z`) read from the bytes, any other form
    /// by ``TimeInput/parseInstant(_:)``. Both give the same `Date`, to the last bit.
    private mutating func date() -> Date? {
        guard let text = stringBytes() else { return nil }
        return Self.writtenInstant(text) ?? TimeInput.parseInstant(String(decoding: text, as: UTF8.self))
    }

    private mutating func id() -> UUID? { stringBytes().flatMap { UUID(utf8: $0) } }

    /// Where `YYYY-MM-DDTHH:MM:SS.fffZ` has its separators.
    private static let instantMarks: [(offset: Int, byte: UInt8)] = [
        (4, UInt8(ascii: "-")), (7, UInt8(ascii: "-")), (10, UInt8(ascii: "T")), (13, UInt8(ascii: ":")),
        (16, UInt8(ascii: ":")), (19, UInt8(ascii: ".")), (23, UInt8(ascii: "Z")),
    ]

    /// `YYYY-MM-DDTHH:MM:SS.fffZ`, computed as ``TimeInput/parseISO(_:zone:)`` computes it.
    private static func writtenInstant(_ text: ArraySlice<UInt8>) -> Date? {
        guard text.count == 24 else { return nil }
        let base = text.startIndex
        func digits(_ offset: Int, _ count: Int) -> Int? {
            var value = 0
            for byte in text[base + offset..<base + offset + count] {
                guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
                value = value * 10 + Int(byte - UInt8(ascii: "0"))
            }
            return value
        }
        guard instantMarks.allSatisfy({ text[base + $0.offset] == $0.byte }),
            let year = digits(0, 4), let month = digits(5, 2), let dayOfMonth = digits(8, 2),
            let day = LocalDay(year: year, month: month, day: dayOfMonth),
            let hour = digits(11, 2), let minute = digits(14, 2), let second = digits(17, 2),
            let millis = digits(20, 3), hour < 24, minute < 60, second < 60
        else { return nil }
        let wall = LocalDateTime(day: day, secondOfDay: hour * 3600 + minute * 60 + second).wallSeconds
        return Date(timeIntervalSince1970: TimeInterval(wall) + Double(millis) / Double(1000))
    }

    private mutating func bool() -> Bool? {
        if take("true") { return true }
        if take("false") { return false }
        return nil
    }

    /// A JSON number: `-`, digits with no leading zero, then a fraction and an exponent if any.
    private mutating func number(integer: Bool) -> String? {
        let start = position
        _ = take("-")
        guard let first = digit() else { return nil }
        if first != 0 { while digit() != nil {} }
        if !integer {
            if take(".") {
                guard digit() != nil else { return nil }
                while digit() != nil {}
            }
            if take("e") || take("E") {
                if !take("+") { _ = take("-") }
                guard digit() != nil else { return nil }
                while digit() != nil {}
            }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// A finite number (the decoder refuses one too large for a `Double`).
    private mutating func double() -> Double? {
        guard let value = number(integer: false).flatMap(Double.init), value.isFinite else { return nil }
        return value
    }

    private mutating func int() -> Int? {
        guard let text = number(integer: true), position < bytes.count,
            bytes[position] == UInt8(ascii: ",") || bytes[position] == UInt8(ascii: "}")
        else { return nil }
        return Int(text)
    }

    private mutating func digit() -> UInt8? {
        guard position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) else {
            return nil
        }
        position += 1
        return bytes[position - 1] - UInt8(ascii: "0")
    }

    /// The closing brace, and nothing after it.
    private mutating func end() -> Bool { take("}") && position == bytes.count }

    private mutating func take(_ text: StaticString) -> Bool {
        let matches = text.withUTF8Buffer { text in
            position + text.count <= bytes.count && bytes[position..<position + text.count].elementsEqual(text)
        }
        if matches { position += text.utf8CodeUnitCount }
        return matches
    }
}
