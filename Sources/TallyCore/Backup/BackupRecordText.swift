import Foundation

/// The backup's JSON of the kinds with long histories (water entries, bathroom events), written directly
/// into bytes: byte for byte what ``BackupCoding/encoder()`` makes of them as elements of a backup's array,
/// or, `compact`, what ``RecordCoding`` stores of one, several times faster. A record holding anything
/// the encoder would write differently from plain text (a string with a quote, a backslash or a control
/// character; a number in exponent form) is refused, and the encoder writes it.
struct BackupRecordText {
    private var text: ASCIIText
    var bytes: [UInt8] { text.bytes }
    /// One record alone on one line (the encoder without `.prettyPrinted`), not an indented element.
    let compact: Bool

    init(capacity: Int, compact: Bool = false) {
        text = ASCIIText(capacity: capacity)
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
        field(Key.amountML)
        raw(amount)
        field(Key.at)
        string(entry.at)
        if let kind = entry.drinkKind {
            field(Key.drinkKind)
            string(kind)
        }
        field(Key.meta)
        meta(entry.meta)
        field(Key.source)
        string(entry.source.rawValue)
        field(Key.timeZoneID)
        string(entry.timeZoneID)
        close(Key.elementClose)
        return true
    }

    private mutating func append(_ event: BathroomEvent) -> Bool {
        guard Self.plain(event.timeZoneID), event.note.map(Self.plain) ?? true else { return false }
        open()
        field(Key.atFirst)
        string(event.at)
        field(Key.leak)
        raw(event.leak ? "true" : "false")
        field(Key.meta)
        meta(event.meta)
        if let note = event.note {
            field(Key.note)
            string(note)
        }
        field(Key.timeZoneID)
        string(event.timeZoneID)
        if let urgency = event.urgency {
            field(Key.urgency)
            raw(String(urgency))
        }
        if let volume = event.volumeML {
            field(Key.volumeML)
            raw(String(volume))
        }
        close(Key.elementClose)
        return true
    }

    /// What goes between two elements.
    mutating func separate() {
        text.append(",")
        text.append("\n")
    }

    private mutating func meta(_ meta: RecordMeta) {
        text.append("{")
        field(Key.createdAt)
        string(meta.createdAt)
        field(Key.deviceID)
        string(meta.deviceID)
        field(Key.id)
        string(meta.id)
        field(Key.isDeleted)
        raw(meta.isDeleted ? "true" : "false")
        field(Key.modifiedAt)
        string(meta.modifiedAt)
        field(Key.ownerID)
        string(meta.ownerID)
        field(Key.stamp)
        text.append("\"")
        meta.stamp.write(to: &text)
        text.append("\"")
        close(Key.metaClose)
    }

    /// An element's opening brace, indented as the second level's.
    private mutating func open() {
        if !compact { text.append(contentsOf: Key.elementIndent) }
        text.append("{")
    }

    /// A field's `"key" : `, on its own line unless compact, after a comma unless first.
    private mutating func field(_ key: Key) {
        text.append(contentsOf: compact ? key.compact : key.pretty)
    }

    private mutating func close(_ closing: Key) {
        text.append(contentsOf: compact ? closing.compact : closing.pretty)
    }

    private mutating func raw(_ value: String) { text.append(contentsOf: value.utf8) }

    private mutating func string(_ value: String) {
        text.append("\"")
        text.append(contentsOf: value.utf8)
        text.append("\"")
    }

    private mutating func string(_ date: Date) {
        text.append("\"")
        InstantFormat.write(date, to: &text)
        text.append("\"")
    }

    private mutating func string(_ id: UUID) {
        text.append("\"")
        id.appendText(to: &text)
        text.append("\"")
    }

    /// A field's opening (or an object's closing) as the pretty and the compact encoder write it, made
    /// once: a backup writes millions of them.
    private struct Key {
        let pretty: [UInt8]
        let compact: [UInt8]

        /// `"name" : ` at `depth` (an element's fields are at 3, its meta's at 4), after a comma unless first.
        init(_ name: String, depth: Int = 3, first: Bool = false) {
            let comma = first ? "" : ","
            pretty = Array("\(comma)\n\(String(repeating: " ", count: depth * 2))\"\(name)\" : ".utf8)
            compact = Array("\(comma)\"\(name)\":".utf8)
        }

        /// A closing brace on its own line at `depth`.
        init(closingAt depth: Int) {
            pretty = Array("\n\(String(repeating: " ", count: depth * 2))}".utf8)
            compact = Array("}".utf8)
        }

        static let amountML = Key("amountML", first: true)
        static let atFirst = Key("at", first: true)
        static let at = Key("at")
        static let drinkKind = Key("drinkKind")
        static let leak = Key("leak")
        static let meta = Key("meta")
        static let note = Key("note")
        static let source = Key("source")
        static let timeZoneID = Key("timeZoneID")
        static let urgency = Key("urgency")
        static let volumeML = Key("volumeML")
        static let createdAt = Key("createdAt", depth: 4, first: true)
        static let deviceID = Key("deviceID", depth: 4)
        static let id = Key("id", depth: 4)
        static let isDeleted = Key("isDeleted", depth: 4)
        static let modifiedAt = Key("modifiedAt", depth: 4)
        static let ownerID = Key("ownerID", depth: 4)
        static let stamp = Key("stamp", depth: 4)
        static let elementClose = Key(closingAt: 2)
        static let metaClose = Key(closingAt: 3)
        static let elementIndent = Array(repeating: UInt8(ascii: " "), count: 4)
    }

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
