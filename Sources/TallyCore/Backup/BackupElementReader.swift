import Foundation

/// A backup's JSON read a piece at a time from a stream of bytes: each top-level value that is not an
/// array (the format's name, its version) and each element of each array (one kind's records) as its own
/// bytes, so a backup of any size is read holding one element at a time.
public struct BackupElementReader {
    public enum Item: Hashable, Sendable {
        /// A top-level value that is not an array, as its JSON text.
        case value(key: String, json: Data)
        /// One element of the array under `key`, as its JSON text.
        case element(key: String, json: Data)
    }

    private enum State {
        case start
        case keys(first: Bool)
        case array(key: String, first: Bool)
        case done
    }

    private let read: () throws -> Data
    private var buffer: [UInt8] = []
    private var position = 0
    /// Bytes dropped from the front of the buffer so far: where an error is, for the message.
    private var consumed = 0
    /// Where the dropped bytes end, as a person counts: whole lines, and characters after the last.
    private var dropped = TextPosition()
    private var exhausted = false
    private var state = State.start

    /// `read` gives the next bytes of the stream, empty at its end.
    public init(read: @escaping () throws -> Data) {
        self.read = read
    }

    /// The next piece, or nil at the end of the backup.
    public mutating func next() throws -> Item? {
        while true {
            switch state {
            case .start:
                // A byte order mark may open the file.
                if try peek() == 0xEF {
                    for byte: UInt8 in [0xEF, 0xBB, 0xBF] { try expect(byte) }
                }
                try skipSpace()
                try expect(UInt8(ascii: "{"))
                state = .keys(first: true)
            case .keys(let first):
                try skipSpace()
                if try peek() == UInt8(ascii: "}") {
                    position += 1
                    try skipSpace()
                    guard try peek() == nil else { throw fault("text after the backup's closing brace") }
                    state = .done
                    continue
                }
                if !first {
                    try expect(UInt8(ascii: ","))
                    try skipSpace()
                }
                let keyText = try value()
                guard let key = try? JSONDecoder().decode(String.self, from: keyText) else {
                    throw fault("expected the name of a field")
                }
                try skipSpace()
                try expect(UInt8(ascii: ":"))
                try skipSpace()
                if try peek() == UInt8(ascii: "[") {
                    position += 1
                    state = .array(key: key, first: true)
                } else {
                    let json = try value()
                    state = .keys(first: false)
                    return .value(key: key, json: json)
                }
            case .array(let key, let first):
                try skipSpace()
                if try peek() == UInt8(ascii: "]") {
                    position += 1
                    state = .keys(first: false)
                    continue
                }
                if !first {
                    try expect(UInt8(ascii: ","))
                    try skipSpace()
                }
                let json = try value()
                state = .array(key: key, first: false)
                return .element(key: key, json: json)
            case .done:
                return nil
            }
        }
    }

    /// One whole JSON value's text from here: an object or array (strings inside them minded), a string,
    /// or a number or literal (up to the delimiter after it).
    private mutating func value() throws -> Data {
        guard let first = try peek() else { throw fault("the backup ends too soon") }
        var end = position + 1
        if first == UInt8(ascii: "{") || first == UInt8(ascii: "[") {
            var depth = 1
            while depth > 0 {
                let byte = try byte(at: &end)
                if byte == UInt8(ascii: "\"") {
                    try skipString(&end)
                } else if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") {
                    depth += 1
                } else if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") {
                    depth -= 1
                }
            }
        } else if first == UInt8(ascii: "\"") {
            try skipString(&end)
        } else {
            let delimiters: Set<UInt8> = [0x2C, 0x7D, 0x5D, 0x20, 0x0A, 0x0D, 0x09]
            while !delimiters.contains(try byte(at: &end)) {}
            end -= 1
        }
        let json = Data(buffer[position..<end])
        position = end
        return json
    }

    /// Moves `end` past the closing quote of a string whose opening quote it is just past.
    private mutating func skipString(_ end: inout Int) throws {
        while true {
            let byte = try byte(at: &end)
            if byte == UInt8(ascii: "\\") {
                _ = try self.byte(at: &end)
            } else if byte == UInt8(ascii: "\"") {
                return
            }
        }
    }

    /// The byte at `index` (reading more when needed, which may move it), and `index` past it.
    private mutating func byte(at index: inout Int) throws -> UInt8 {
        while index >= buffer.count {
            let before = position
            guard try fill() else { throw fault("the backup ends too soon") }
            index -= before - position
        }
        defer { index += 1 }
        return buffer[index]
    }

    private mutating func skipSpace() throws {
        while let byte = try peek(), [0x20, 0x0A, 0x0D, 0x09].contains(byte) { position += 1 }
    }

    private mutating func expect(_ byte: UInt8) throws {
        guard try peek() == byte else { throw fault("expected '\(Character(Unicode.Scalar(byte)))'") }
        position += 1
    }

    private mutating func peek() throws -> UInt8? {
        if position == buffer.count, try !fill() { return nil }
        return buffer[position]
    }

    /// Reads more of the stream, dropping what was read before; false at its end.
    private mutating func fill() throws -> Bool {
        guard !exhausted else { return false }
        let more = try read()
        guard !more.isEmpty else {
            exhausted = true
            return false
        }
        if position > 0 {
            dropped.advance(over: buffer[..<position])
            buffer.removeFirst(position)
            consumed += position
            position = 0
        }
        buffer.append(contentsOf: more)
        return true
    }

    private func fault(_ what: String) -> TallyError {
        var at = dropped
        at.advance(over: buffer[..<min(position, buffer.count)])
        return .unreadable("not a readable Tally backup: \(what) at \(at) (byte \(consumed + position))")
    }
}
