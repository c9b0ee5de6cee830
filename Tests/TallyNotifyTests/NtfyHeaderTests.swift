import Foundation
import Testing

@testable import TallyNotify

@Suite struct NtfyHeaderTests {
    @Test func asciiTitlesGoAsTheyAre() {
        #expect(NtfySender.headerText("Time for some water") == "Time for some water")
    }

    @Test func otherTitlesAreEncodedWords() {
        let encoded = NtfySender.headerText("Café ☕")
        #expect(encoded.hasPrefix("=?UTF-8?B?"))
        let inner = encoded.dropFirst("=?UTF-8?B?".count).dropLast(2)
        #expect(Data(base64Encoded: String(inner)).map { String(decoding: $0, as: UTF8.self) } == "Café ☕")
    }
}
