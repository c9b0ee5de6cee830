/// Reads the elements of an XML document fed to it in chunks, holding no more than the markup being read:
/// an export of several gigabytes goes through in bounded memory. It is forgiving where real exports are
/// broken: a document type declaration is skipped whole (iOS 16's Health export leaves an `ATTLIST` in it
/// unterminated), and control characters are dropped from attribute values. Text, comments, processing
/// instructions and CDATA are skipped; what it reports is each start tag (with its attributes, read only
/// when asked) and each end tag, with the line it starts on.
public struct XMLElementScanner {
    /// An element's start or end, as read.
    public enum Event {
        case start(XMLTag)
        case end(name: String, line: Int)
    }

    /// The longest piece of markup (a tag, a comment, the document type declaration) read whole.
    public static let maxMarkupBytes = 4 << 20

    private var buffer: [UInt8] = []
    private var position = 0
    private var line = 1

    public init() {}

    /// Reads what `bytes` completes, calling `handle` for each element start and end in order.
    public mutating func feed(
        _ bytes: some Sequence<UInt8>, _ handle: (Event) throws(TallyError) -> Void
    ) throws(TallyError) {
        buffer.append(contentsOf: bytes)
        try scan(final: false, handle)
        buffer.removeSubrange(0..<position)
        position = 0
    }

    /// Reads the rest; markup left unfinished at the end is an error naming its line.
    public mutating func finish(_ handle: (Event) throws(TallyError) -> Void) throws(TallyError) {
        try scan(final: true, handle)
        buffer = []
        position = 0
    }

    private mutating func scan(final: Bool, _ handle: (Event) throws(TallyError) -> Void) throws(TallyError) {
        while let open = buffer[position...].firstIndex(of: UInt8(ascii: "<")) {
            advance(to: open)
            guard let kind = MarkupKind(buffer, at: open, final: final) else { return }
            guard let close = kind.end(in: buffer, from: open) else {
                if final { throw XMLElementScanner.error(line: line, "\(kind.name) is not closed") }
                if buffer.count - open > Self.maxMarkupBytes {
                    throw XMLElementScanner.error(line: line, "\(kind.name) is longer than 4 MB")
                }
                return
            }
            if kind == .tag {
                let tag = try XMLTag(buffer[(open + 1)..<(close - 1)], line: line)
                if tag.isEnd {
                    try handle(.end(name: tag.name, line: tag.line))
                } else {
                    try handle(.start(tag))
                    if tag.isSelfClosing { try handle(.end(name: tag.name, line: tag.line)) }
                }
            }
            advance(to: close)
        }
        advance(to: buffer.count)
    }

    /// Moves past everything before `index`, counting its lines.
    private mutating func advance(to index: Int) {
        line += buffer[position..<index].reduce(0) { $1 == UInt8(ascii: "\n") ? $0 + 1 : $0 }
        position = index
    }

    static func error(line: Int, _ reason: String) -> TallyError {
        .unreadable("line \(line): \(reason)")
    }
}

/// What a `<` opens, and where it ends.
private enum MarkupKind: Equatable {
    case comment, instruction, cdata, declaration, tag

    private static let prefixes: [(MarkupKind, [UInt8])] = [
        (.comment, Array("<!--".utf8)), (.cdata, Array("<![CDATA[".utf8)), (.instruction, Array("<?".utf8)),
        (.declaration, Array("<!".utf8)),
    ]

    /// The kind of markup at `open`, or nil when too few bytes have come to tell (and more will).
    init?(_ buffer: [UInt8], at open: Int, final: Bool) {
        for (kind, prefix) in Self.prefixes {
            let available = min(prefix.count, buffer.count - open)
            guard buffer[open..<(open + available)].elementsEqual(prefix[..<available]) else { continue }
            if available < prefix.count {
                if final { continue }
                return nil
            }
            self = kind
            return
        }
        self = .tag
    }

    var name: String {
        switch self {
        case .comment: "a comment"
        case .instruction: "a processing instruction"
        case .cdata: "a CDATA section"
        case .declaration: "a declaration"
        case .tag: "a tag"
        }
    }

    /// The index just past the markup starting at `open`, or nil when its end has not come yet.
    func end(in buffer: [UInt8], from open: Int) -> Int? {
        switch self {
        case .comment: return Self.find(Array("-->".utf8), in: buffer, from: open + 4)
        case .instruction: return Self.find(Array("?>".utf8), in: buffer, from: open + 2)
        case .cdata: return Self.find(Array("]]>".utf8), in: buffer, from: open + 9)
        case .declaration:
            // A document type declaration with an internal subset ends at `]>`, whatever is broken inside.
            guard
                let first = buffer[(open + 2)...].firstIndex(where: {
                    $0 == UInt8(ascii: "[") || $0 == UInt8(ascii: ">")
                })
            else { return nil }
            if buffer[first] == UInt8(ascii: ">") { return first + 1 }
            return Self.find(Array("]>".utf8), in: buffer, from: first)
        case .tag:
            var quote: UInt8?
            for index in (open + 1)..<buffer.count {
                let byte = buffer[index]
                if let open = quote {
                    if byte == open { quote = nil }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: ">") {
                    return index + 1
                }
            }
            return nil
        }
    }

    private static func find(_ needle: [UInt8], in buffer: [UInt8], from start: Int) -> Int? {
        buffer[...].endOfFirst(needle, from: start)
    }
}
