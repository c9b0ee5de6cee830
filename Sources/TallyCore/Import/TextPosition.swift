/// A place in a text file as a person finds it in an editor: a line and a column (in characters), both
/// from 1, counted over the file's UTF-8 bytes as they go by.
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    /// Line feeds passed.
    public private(set) var newlines = 0
    /// Characters passed since the last line feed.
    public private(set) var characters = 0

    public init() {}

    /// The place `offset` bytes into `bytes`.
    public init<Bytes: Collection<UInt8>>(offset: Int, in bytes: Bytes) {
        advance(over: bytes.prefix(offset))
    }

    /// Moves past `bytes`.
    public mutating func advance<Bytes: Collection<UInt8>>(over bytes: Bytes) {
        for byte in bytes {
            if byte == 0x0A {
                newlines += 1
                characters = 0
            } else if byte & 0xC0 != 0x80 {
                // A character's first byte; its continuation bytes are not counted again.
                characters += 1
            }
        }
    }

    /// "line 3, column 14".
    public var description: String { "line \(newlines + 1), column \(characters + 1)" }
}
