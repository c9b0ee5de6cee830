import Foundation
import Testing

@testable import TallyCore

@Suite struct UUIDTextTests {
    @Test func textIsWhatUUIDStringWritesInBothCases() throws {
        let fixed = try #require(UUID(uuidString: "00FF10A5-0B0C-4D0E-8F01-23456789ABCD"))
        #expect(fixed.text == "00FF10A5-0B0C-4D0E-8F01-23456789ABCD")
        #expect(fixed.lowercaseText == "00ff10a5-0b0c-4d0e-8f01-23456789abcd")
        for _ in 0..<1_000 {
            let id = UUID()
            #expect(id.text == id.uuidString)
            #expect(id.lowercaseText == id.uuidString.lowercased())
            var bytes = Array("\"".utf8)
            id.appendText(to: &bytes)
            #expect(String(decoding: bytes, as: UTF8.self) == "\"" + id.uuidString)
        }
    }

    /// The reader agrees with Foundation's over valid texts and mutations of them, but refuses what is not
    /// a UUID's text.
    @Test func textIsReadAsFoundationReadsItButNothingThatIsNotAUUID() {
        var generator = SystemRandomNumberGenerator()
        let alphabet = Array("0123456789abcdefABCDEFgG-+ {}x\u{0}é".unicodeScalars)
        for _ in 0..<3_000 {
            let id = UUID()
            #expect(UUID(text: id.text) == id)
            #expect(UUID(text: id.lowercaseText) == id)
            var scalars = Array(id.text.unicodeScalars)
            switch Int.random(in: 0..<4, using: &generator) {
            case 0: scalars[Int.random(in: 0..<scalars.count, using: &generator)] = alphabet.randomElement()!
            case 1: scalars.remove(at: Int.random(in: 0..<scalars.count, using: &generator))
            case 2: scalars.insert(alphabet.randomElement()!, at: Int.random(in: 0...scalars.count, using: &generator))
            default: scalars.removeAll { $0 == "-" }
            }
            let text = String(String.UnicodeScalarView(scalars))
            // The same value wherever the text is a UUID's; Foundation's `sscanf` also takes a space or a
            // sign in place of a digit ("-5" as 0xFB), which is not a UUID's text and is refused here.
            let foundation = UUID(uuidString: text)
            if let read = UUID(text: text) {
                #expect(read == foundation, "\(text)")
            } else if let foundation {
                #expect(text.uppercased() != foundation.uuidString, "\(text)")
            }
        }
        #expect(UUID(text: "") == nil)
        #expect(UUID(text: "00000000-0000-0000-0000-000000000001") == LocalUser.id)
    }
}
