import Foundation

/// The bytes of a sync message, read token by token for ``SyncEnvelope``: every method gives nil (or
/// false) at the first thing it does not take.
struct SyncJSONScanner {
    let bytes: [UInt8]
    private var position = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// Whether only white space is left.
    var atEnd: Bool {
        mutating get {
            skipSpace()
            return position == bytes.count
        }
    }

    /// An object, handing each member's key to `member`, which reads the value and says whether it could.
    mutating func object(_ member: (inout SyncJSONScanner, String) -> Bool) -> Bool {
        guard take(UInt8(ascii: "{")) else { return false }
        if take(UInt8(ascii: "}")) { return true }
        repeat {
            guard let key = plainString(), take(UInt8(ascii: ":")), member(&self, key) else { return false }
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "}"))
    }

    /// A backup's top level: its format and version (this version's), and an array of records for each kind.
    mutating func changes() -> [AnyRecord]? {
        var byKind: [String: [AnyRecord]] = [:]
        var format: String?
        var version: String?
        let read = object { scanner, key in
            switch key {
            case "format":
                guard format == nil, let text = scanner.plainString() else { return false }
                format = text
            case "version":
                guard version == nil, let text = scanner.number() else { return false }
                version = text
            default:
                guard byKind[key] == nil, let kind = RecordKinds.all.first(where: { $0.kind.backupKey == key }),
                    let records = scanner.records(of: kind.kind.id)
                else { return false }
                byKind[key] = records
            }
            return true
        }
        guard read, format == TallyBackup.formatName, version == String(TallyBackup.currentVersion) else {
            return nil
        }
        return RecordKinds.all.flatMap { byKind[$0.kind.backupKey] ?? [] }
    }

    /// An array of records of the kind `kind`, each read by ``RecordCoding``.
    private mutating func records(of kind: String) -> [AnyRecord]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var records: [AnyRecord] = []
        if take(UInt8(ascii: "]")) { return records }
        repeat {
            skipSpace()
            let start = position
            guard skipObject(),
                let record = try? RecordCoding.decode(kind: kind, from: Data(bytes[start..<position]))
            else { return nil }
            records.append(record)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? records : nil
    }

    /// A plain value's text: a string without escapes, a number, `true`, `false`, or an array of such strings.
    mutating func plainValue() -> String? {
        skipSpace()
        let start = position
        guard position < bytes.count else { return nil }
        switch bytes[position] {
        case UInt8(ascii: "\""):
            guard plainString() != nil else { return nil }
        case UInt8(ascii: "["):
            guard plainStrings() != nil else { return nil }
        case UInt8(ascii: "t"), UInt8(ascii: "f"):
            guard literal("true") || literal("false") else { return nil }
        default:
            guard number() != nil else { return nil }
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// An array of strings, each as ``plainString()`` reads it.
    mutating func plainStrings() -> [String]? {
        guard take(UInt8(ascii: "[")) else { return nil }
        var strings: [String] = []
        if take(UInt8(ascii: "]")) { return strings }
        repeat {
            guard let string = plainString() else { return nil }
            strings.append(string)
        } while take(UInt8(ascii: ","))
        return take(UInt8(ascii: "]")) ? strings : nil
    }

    /// A string holding no escape and no control character, as valid UTF-8.
    mutating func plainString() -> String? {
        guard take(UInt8(ascii: "\"")) else { return nil }
        let start = position
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") { return String(validating: bytes[start..<position - 1], as: UTF8.self) }
            if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
        }
        return nil
    }

    /// A JSON number's text: `-`, digits with no leading zero, then a fraction and an exponent if any.
    mutating func number() -> String? {
        skipSpace()
        let start = position
        _ = takeByte(UInt8(ascii: "-"))
        guard let first = digit() else { return nil }
        if first != UInt8(ascii: "0") { while digit() != nil {} }
        if takeByte(UInt8(ascii: ".")) {
            guard digit() != nil else { return nil }
            while digit() != nil {}
        }
        if takeByte(UInt8(ascii: "e")) || takeByte(UInt8(ascii: "E")) {
            if !takeByte(UInt8(ascii: "+")) { _ = takeByte(UInt8(ascii: "-")) }
            guard digit() != nil else { return nil }
            while digit() != nil {}
        }
        return String(decoding: bytes[start..<position], as: UTF8.self)
    }

    /// Moves past an object, minding the strings inside it; the record's reader then checks all of it.
    private mutating func skipObject() -> Bool {
        guard takeByte(UInt8(ascii: "{")) else { return false }
        var depth = 1
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            switch byte {
            case UInt8(ascii: "\""):
                guard skipStringRest() else { return false }
            case UInt8(ascii: "{"), UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                depth -= 1
                if depth == 0 { return true }
            default: break
            }
        }
        return false
    }

    /// Moves past the closing quote of a string whose opening quote was just read; false at the end of the bytes.
    private mutating func skipStringRest() -> Bool {
        while position < bytes.count {
            let byte = bytes[position]
            position += 1
            if byte == UInt8(ascii: "\"") { return true }
            if byte == UInt8(ascii: "\\") { position += 1 }
        }
        return false
    }

    private mutating func literal(_ word: StaticString) -> Bool {
        let matches = word.withUTF8Buffer { word in
            position + word.count <= bytes.count && bytes[position..<position + word.count].elementsEqual(word)
        }
        if matches { position += word.utf8CodeUnitCount }
        return matches
    }

    private mutating func digit() -> UInt8? {
        guard position < bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[position]) else {
            return nil
        }
        position += 1
        return bytes[position - 1]
    }

    /// White space, then `byte`.
    private mutating func take(_ byte: UInt8) -> Bool {
        skipSpace()
        return takeByte(byte)
    }

    private mutating func takeByte(_ byte: UInt8) -> Bool {
        guard position < bytes.count, bytes[position] == byte else { return false }
        position += 1
        return true
    }

    private mutating func skipSpace() {
        while position < bytes.count, Self.isSpace(bytes[position]) { position += 1 }
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09
    }
}
