import Foundation

/// The backup's JSON of the kinds with long histories (water entries, bathroom events), written directly
/// into bytes: byte for byte what ``BackupCoding/encoder()`` makes of them as elements of a backup's array,
/// or, `compact`, what ``RecordCoding`` stores of one, several times faster. A record holding anything
/// the encoder would write differently from plain text (a string with a quote, a backslash or a control
/// character; a number in exponent form) is refused, and the encoder writes it.
struct BackupRecordText {
    private(set) var bytes: [UInt8] = []
    /// One record alone on one line (the encoder without `.prettyPrinted`), not an indented element.
    let compact: Bool

    init(capacity: Int, compact: Bool = false) {
        bytes.reserveCapacity(capacity)
        self.compact = compact
    }

    /// Appends `record` as an element of its array (indented, no separator); false, appending nothing
    /// more than may be cut off again, for a kind not written here or a record to leave to the encoder.
    mutating func append(_ record: some SyncedRecord) -> Bool {
        if let entry = record as? WaterEntry { return append(entry) }
        if let event = record as? BathroomEvent { return append(event) }
        return false
    }

    private mutating func append(_ entry: WaterEntry) -> Bool {
        guard let amount = Self.number(entry.amountML), Self.plain(entry.timeZoneID),
            entry.drinkKind.map(Self.plain) ?? true
        else { return false }
        open()
        field("amountML", first: true)
        raw(amount)
        field("at")
        string(entry.at)
        if let kind = entry.drinkKind {
            field("drinkKind")
            string(kind)
        }
        field("meta")
        meta(entry.meta)
        field("source")
        string(entry.source.rawValue)
        field("timeZoneID")
        string(entry.timeZoneID)
        close(depth: 2)
        return true
    }

    private mutating func append(_ event: BathroomEvent) -> Bool {
        guard Self.plain(event.timeZoneID), event.note.map(Self.plain) ?? true else { return false }
        open()
        field("at", first: true)
        string(event.at)
        field("leak")
        raw(event.leak ? "true" : "false")
        field("meta")
        meta(event.meta)
        if let note = event.note {
            field("note")
            string(note)
        }
        field("timeZoneID")
        string(event.timeZoneID)
        if let urgency = event.urgency {
            field("urgency")
            raw(String(urgency))
        }
        if let volume = event.volumeML {
            field("volumeML")
            raw(String(volume))
        }
        close(depth: 2)
        return true
    }

    /// What goes between two elements.
    mutating func separate() {
        bytes.append(UInt8(ascii: ","))
        bytes.append(UInt8(ascii: "\n"))
    }

    private mutating func meta(_ meta: RecordMeta) {
        bytes.append(UInt8(ascii: "{"))
        field("createdAt", first: true, depth: 4)
        string(meta.createdAt)
        field("deviceID", depth: 4)
        string(meta.deviceID)
        field("id", depth: 4)
        string(meta.id)
        field("isDeleted", depth: 4)
        raw(meta.isDeleted ? "true" : "false")
        field("modifiedAt", depth: 4)
        string(meta.modifiedAt)
        field("ownerID", depth: 4)
        string(meta.ownerID)
        field("stamp", depth: 4)
        string(meta.stamp.description)
        close(depth: 3)
    }

    /// An element's opening brace, indented as the second level's.
    private mutating func open() {
        if !compact { bytes.append(contentsOf: Self.indent[2]) }
        bytes.append(UInt8(ascii: "{"))
    }

    /// `"key" : ` on its own line at `depth` (an element's fields are at 3), after a comma unless first.
    private mutating func field(_ key: StaticString, first: Bool = false, depth: Int = 3) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        if !compact {
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: Self.indent[depth])
        }
        bytes.append(UInt8(ascii: "\""))
        key.withUTF8Buffer { bytes.append(contentsOf: $0) }
        bytes.append(contentsOf: compact ? Self.compactColon : Self.colon)
    }

    private mutating func close(depth: Int) {
        if !compact {
            bytes.append(UInt8(ascii: "\n"))
            bytes.append(contentsOf: Self.indent[depth])
        }
        bytes.append(UInt8(ascii: "}"))
    }

    private mutating func raw(_ text: String) { bytes.append(contentsOf: text.utf8) }

    private mutating func string(_ text: String) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: text.utf8)
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func string(_ date: Date) {
        bytes.append(UInt8(ascii: "\""))
        bytes.append(contentsOf: InstantFormat.text(date).bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    private mutating func string(_ id: UUID) {
        bytes.append(UInt8(ascii: "\""))
        id.appendText(to: &bytes)
        bytes.append(UInt8(ascii: "\""))
    }

    private static let indent = (0...4).map { Array(repeating: UInt8(ascii: " "), count: $0 * 2) }
    private static let colon = Array("\" : ".utf8)
    private static let compactColon = Array("\":".utf8)

    /// Text the encoder writes as it is between quotes.
    private static func plain(_ text: String) -> Bool {
        !text.utf8.contains { $0 < 0x20 || $0 == UInt8(ascii: "\"") || $0 == UInt8(ascii: "\\") }
    }

    /// A number as the encoder writes it (`250`, `250.5`), or nil for one in exponent form.
    private static func number(_ value: Double) -> String? {
        guard value.isFinite else { return nil }
        var text = value.description
        guard !text.utf8.contains(UInt8(ascii: "e")) else { return nil }
        if text.hasSuffix(".0") { text.removeLast(2) }
        return text
    }
}
