import Testing

@testable import TallyCore

@Suite struct HexTests {
    @Test func everyByteIsTwoLowercaseDigitsInOrder() {
        #expect(Hex.string([0x00, 0x0F, 0xA5, 0xFF, 0x10]) == "000fa5ff10")
        #expect(Hex.string([UInt8]()) == "")
        let all = Hex.string((0...255).map(UInt8.init))
        #expect(all.count == 512)
        #expect(all.hasPrefix("000102") && all.hasSuffix("fdfeff"))
    }
}
