import Foundation
import Testing

@testable import TallyCore

/// A place in a file is the line and column an editor shows, whatever pieces the file is read in.
@Suite struct TextPositionTests {
    @Test func linesAndColumnsCountCharactersNotBytes() {
        let text = Array("{\n  \"note\": \"café ☕\",\n  \"x\": 1 2\n}".utf8)
        let offset = text.lastIndex(of: UInt8(ascii: "2"))!
        #expect(TextPosition(offset: offset, in: Data(text)).description == "line 3, column 10")
        var pieces = TextPosition()
        for start in stride(from: 0, to: 20, by: 7) { pieces.advance(over: text[start..<min(start + 7, 20)]) }
        #expect(pieces == TextPosition(offset: 20, in: Data(text)))
        #expect(TextPosition(offset: 20, in: Data(text)).description == "line 2, column 18")
        #expect(TextPosition().description == "line 1, column 1")
    }
}
