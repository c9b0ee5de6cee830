/// A start or end tag as ``XMLElementScanner`` read it: its name at once, its attributes when asked (most
/// elements of a large export are skipped, so their attributes are never decoded).
public struct XMLTag {
    public let name: String
    public let line: Int
    public let isEnd: Bool
    public let isSelfClosing: Bool
    /// The bytes after the name, up to the closing `>` or `/>`.
    private let rest: ArraySlice<UInt8>

    /// Reads the bytes between `<` and `>`.
    init(_ inner: ArraySlice<UInt8>, line: Int) throws(TallyError) {
        self.line = line
        var bytes = inner
        isEnd = bytes.first == UInt8(ascii: "/")
        if isEnd { bytes = bytes.dropFirst() }
        isSelfClosing = !isEnd && bytes.last == UInt8(ascii: "/")
        if isSelfClosing { bytes = bytes.dropLast() }
        let nameEnd = bytes.firstIndex(where: Self.isSpace) ?? bytes.endIndex
        guard nameEnd > bytes.startIndex else { throw XMLElementScanner.error(line: line, "a tag has no name") }
        name = String(decoding: bytes[..<nameEnd], as: UTF8.self)
        rest = bytes[nameEnd...]
    }

    /// Whether the attribute text holds `needle` anywhere: a cheap test before decoding them.
    public func mentions(_ needle: String) -> Bool {
        rest.endOfFirst(Array(needle.utf8), from: rest.startIndex) != nil
    }

    /// The attributes by name, values unescaped and with control characters (other than tab, line feed and
    /// carriage return) dropped. A malformed attribute is an error naming the tag's line.
    public func attributes() throws(TallyError) -> [String: String] {
        var result: [String: String] = [:]
        var index = rest.startIndex
        func skipSpace() { while index < rest.endIndex, Self.isSpace(rest[index]) { index += 1 } }
        while true {
            skipSpace()
            guard index < rest.endIndex else { return result }
            let nameStart = index
            while index < rest.endIndex, rest[index] != UInt8(ascii: "="), !Self.isSpace(rest[index]) { index += 1 }
            let attribute = String(decoding: rest[nameStart..<index], as: UTF8.self)
            skipSpace()
            guard index < rest.endIndex, rest[index] == UInt8(ascii: "=") else {
                throw XMLElementScanner.error(line: line, "<\(name)>'s attribute '\(attribute)' has no value")
            }
            index += 1
            skipSpace()
            guard index < rest.endIndex, rest[index] == UInt8(ascii: "\"") || rest[index] == UInt8(ascii: "'") else {
                throw XMLElementScanner.error(line: line, "<\(name)>'s attribute '\(attribute)' is not quoted")
            }
            let quote = rest[index]
            let valueStart = index + 1
            guard let valueEnd = rest[valueStart...].firstIndex(of: quote) else {
                throw XMLElementScanner.error(line: line, "<\(name)>'s attribute '\(attribute)' is not closed")
            }
            result[attribute] = try XMLText.unescaped(rest[valueStart..<valueEnd], line: line)
            index = valueEnd + 1
        }
    }

    static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
    }
}

/// XML's character references and the five predefined entities.
enum XMLText {
    private static let entities: [String: String] = [
        "amp": "&", "lt": "<", "gt": ">", "quot": "\"", "apos": "'",
    ]

    static func unescaped(_ bytes: ArraySlice<UInt8>, line: Int) throws(TallyError) -> String {
        let kept = bytes.filter { $0 >= 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
        let text = String(decoding: kept, as: UTF8.self)
        guard text.contains("&") else { return text }
        var result = ""
        var remainder = Substring(text)
        while let amp = remainder.firstIndex(of: "&") {
            result += remainder[..<amp]
            guard let semicolon = remainder[amp...].firstIndex(of: ";") else {
                throw XMLElementScanner.error(line: line, "an '&' starts no entity")
            }
            let name = remainder[remainder.index(after: amp)..<semicolon]
            if let known = entities[String(name)] {
                result += known
            } else if name.hasPrefix("#"), let scalar = characterReference(name.dropFirst()) {
                result.unicodeScalars.append(scalar)
            } else {
                throw XMLElementScanner.error(line: line, "'&\(name);' is not an entity XML knows")
            }
            remainder = remainder[remainder.index(after: semicolon)...]
        }
        return result + remainder
    }

    private static func characterReference(_ digits: Substring) -> Unicode.Scalar? {
        let value = digits.hasPrefix("x") ? UInt32(digits.dropFirst(), radix: 16) : UInt32(digits, radix: 10)
        return value.flatMap(Unicode.Scalar.init)
    }
}
