import Foundation

/// A place in a text file as a person finds it in an editor: a line and a column (in characters), both
/// from 1, counted over the file's UTF-8 bytes as they go by.
public struct TextPosition: Hashable, Sendable, CustomStringConvertible {
    /// Line feeds passed.
    public private(set) var newlines = 0
    /// Characters (Unicode scalars) passed since the last line feed.
    public private(set) var characters = 0

    public init() {}

    /// The place `offset` bytes into `bytes`.
    public init(offset: Int, in bytes: Data) {
        advance(over: Array(bytes.prefix(offset))[...])
    }

    /// Moves past `bytes`. A reader calls this for every piece of a file it drops, so the search for line
    /// feeds is `memchr`'s and the count of characters the standard library's, fast in a debug build too.
    public mutating func advance(over bytes: ArraySlice<UInt8>) {
        bytes.withUnsafeBufferPointer { buffer in
            guard let base = buffer.baseAddress, !buffer.isEmpty else { return }
            var lineStart = 0
            while lineStart < buffer.count,
                let found = memchr(base + lineStart, 0x0A, buffer.count - lineStart)
            {
                newlines += 1
                characters = 0
                lineStart = base.distance(to: found.assumingMemoryBound(to: UInt8.self)) + 1
            }
            // A character's continuation bytes that open a piece were counted with its first byte, before.
            while lineStart < buffer.count, buffer[lineStart] & 0xC0 == 0x80 { lineStart += 1 }
            let tail = UnsafeBufferPointer(rebasing: buffer[lineStart...])
            characters += String(decoding: tail, as: UTF8.self).unicodeScalars.count
        }
    }

    /// "line 3, column 14".
    public var description: String { "line \(newlines + 1), column \(characters + 1)" }
}
