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
}
