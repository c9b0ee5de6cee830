import Foundation
import Testing

@testable import TallyCore

/// New record ids are version 7 UUIDs (the milliseconds of the instant the record is made, then 74 random
/// bits), or version 4 with no instant: the version and the RFC's variant in the rest.
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

    @Test func aVersion7IDStartsWithItsMillisecondsWhateverTheRandomBits() {
        // RFC 9562's example, appendix A.6: 2022-02-22T19:22:22Z, 1645557742000 ms.
        let ms: UInt64 = 1_645_557_742_000
        #expect(
            RandomIDs.version7(milliseconds: ms, high: 0, low: 0).uuidString == "017F22E2-79B0-7000-8000-000000000000")
        #expect(
            RandomIDs.version7(milliseconds: ms, high: .max, low: .max).uuidString
                == "017F22E2-79B0-7FFF-BFFF-FFFFFFFFFFFF")
        #expect(
            RandomIDs.version7(milliseconds: ms, high: 0x0123_4567_89AB_0CC3, low: 0x18C4_DC0C_0C07_398F).uuidString
                == "017F22E2-79B0-7CC3-98C4-DC0C0C07398F")
    }

    @Test func idsOfRecordsMadeLaterSortAfterAndAreDistinct() {
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        let ids = (0..<1000).map { RandomIDs().newID(at: start.addingTimeInterval(Double($0) / 100)) }
        #expect(Set(ids).count == 1000)
        for (earlier, later) in zip(ids, ids.dropFirst())
        where later.uuidString.prefix(13) != earlier.uuidString.prefix(13) {
            #expect(earlier.uuidString < later.uuidString)
        }
        for id in ids {
            #expect(id.uuid.6 >> 4 == 7, "\(id): not version 7")
            #expect(id.uuid.8 >> 6 == 0b10, "\(id): not the RFC's variant")
        }
        // Before 1970 (no record is) the time bits are zero rather than wrapping around.
        #expect(RandomIDs().newID(at: Date(timeIntervalSince1970: -5)).uuidString.hasPrefix("00000000-0000-7"))
    }
}
