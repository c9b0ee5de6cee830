import Foundation
import Testing

@testable import TallyCore

/// New record ids are version 4 UUIDs: 122 random bits, the version and the RFC's variant in the rest.
@Suite struct RandomIDsTests {
    @Test func theVersionAndVariantBitsAreSetWhateverTheRandomBits() {
        #expect(RandomIDs.version4(high: 0, low: 0).uuidString == "00000000-0000-4000-8000-000000000000")
        #expect(RandomIDs.version4(high: .max, low: .max).uuidString == "FFFFFFFF-FFFF-4FFF-BFFF-FFFFFFFFFFFF")
        #expect(
            RandomIDs.version4(high: 0x0123_4567_89AB_CDEF, low: 0xFEDC_BA98_7654_3210).uuidString
                == "01234567-89AB-4DEF-BEDC-BA9876543210")
    }

    @Test func newIDsAreDistinctVersion4UUIDs() {
        let ids = (0..<1000).map { _ in RandomIDs().newID() }
        #expect(Set(ids).count == 1000)
        for id in ids {
            #expect(id.uuid.6 >> 4 == 4, "\(id): not version 4")
            #expect(id.uuid.8 >> 6 == 0b10, "\(id): not the RFC's variant")
        }
    }
}
