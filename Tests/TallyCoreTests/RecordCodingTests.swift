import Foundation
import Testing

@testable import TallyCore

/// PostgreSQL keeps each record as the JSON ``RecordCoding`` makes. Water entries and bathroom events are
/// written and read without the JSON encoder and decoder: what is written must be the encoder's bytes,
/// and what is read must be what the decoder would read, or nothing (the decoder then reads it).
@Suite struct RecordCodingTests {
    static let owner = UUID(uuidString: "7A1F9C2E-0000-4000-8000-000000000001")!
    static let device = UUID(uuidString: "7A1F9C2E-0000-4000-8000-0000000000D1")!

    static func meta(_ index: Int, deleted: Bool = false) -> RecordMeta {
        let created = Date(timeIntervalSince1970: 1_763_800_000 + Double(index) * 61.237)
        return RecordMeta(
            id: UUID(), ownerID: owner, createdAt: created, modifiedAt: created.addingTimeInterval(0.5),
            deviceID: device, stamp: HLCStamp(millis: created.millisecondsSince1970, counter: index % 3),
            isDeleted: deleted)
    }

    static let texts: [String?] = [
        nil, "tea", "café ☕ au lait", "a \"quoted\" one", "back\\slash", "tab\there", "line\nbreak", "a/b", "",
        "\u{7F}del", "emoji 👩🏽‍⚕️",
    ]
    static let amounts: [Double] = [250, 250.5, 0.01, 33.33, 1_000_000, 1e-7, 1e21, 123.456789, 0]

    static var records: [AnyRecord] {
        var records: [AnyRecord] = []
        for (index, amount) in amounts.enumerated() {
            for (offset, text) in texts.enumerated() {
                let at = Date(timeIntervalSince1970: -86_400 + Double(index * 977 + offset) * 3_600.123)
                let zone = offset % 2 == 0 ? "America/New_York" : "UTC"
                let source = WaterSource.allCases[(index + offset) % WaterSource.allCases.count]
                records.append(
                    AnyRecord(
                        WaterEntry(
                            meta: meta(index * 20 + offset, deleted: offset == 3),
                            fields: WaterEntryFields(at: at, timeZoneID: zone, amountML: amount, drinkKind: text),
                            source: source)))
                records.append(
                    AnyRecord(
                        BathroomEvent(
                            meta: meta(index * 20 + offset + 500),
                            fields: BathroomEventFields(
                                at: at, timeZoneID: zone, note: text, volumeML: offset % 3 == 0 ? nil : index * 50,
                                urgency: offset % 4 == 0 ? nil : offset % 5, leak: offset % 2 == 1))))
            }
        }
        return records
    }

    @Test func whatIsWrittenIsTheEncodersBytesAndReadsBackTheSame() throws {
        var readDirectly = 0
        for record in Self.records {
            let written = try RecordCoding.encode(record)
            #expect(
                written == (try RecordCoding.encodedByEncoder(record)), "\(String(decoding: written, as: UTF8.self))")
            let kind = type(of: record.base).kind.id
            #expect(try RecordCoding.decode(kind: kind, from: written) == record)
            if let direct = CompactRecordReader.record(kind: kind, from: written) {
                #expect(direct == record)
                readDirectly += 1
            }
        }
        // The direct reader takes every record without an escaped string or an exponent.
        #expect(readDirectly >= Self.records.count / 2)
    }

    @Test func textTheReaderDoesNotKnowIsLeftToTheDecoder() throws {
        let entry = try #require(Self.records.first { $0.base is WaterEntry })
        let written = String(decoding: try RecordCoding.encode(entry), as: UTF8.self)
        let others = [
            written.replacingOccurrences(of: ",", with: ", "),
            written.replacingOccurrences(of: "\"at\"", with: "\"drinkKind\":null,\"at\""),
            written.replacingOccurrences(of: "{\"amountML\"", with: "{\"extra\":1,\"amountML\""),
            written.replacingOccurrences(of: "\"America/", with: "\"\\u0041merica/"),
            written + " ",
        ]
        #expect(written.contains("\"America/"))
        for text in others {
            #expect(CompactRecordReader.record(kind: WaterEntry.kind.id, from: Data(text.utf8)) == nil, "\(text)")
            // Each is JSON of the same entry, which the decoder reads.
            #expect(try RecordCoding.decode(kind: WaterEntry.kind.id, from: Data(text.utf8)) == entry, "\(text)")
        }
    }

    /// The reader computes an instant from its text as the decoder's parser does: the same `Date`, to the
    /// last bit, for instants before 1970 and after, every millisecond of a second.
    @Test func instantsReadToTheLastBitOfTheDecoders() throws {
        var generator = SplitMix64(seed: 11)
        for index in 0..<3_000 {
            let millis = Int64.random(in: -2_000_000_000_000...6_000_000_000_000, using: &generator)
            let at = Date(millisecondsSince1970: millis)
            var meta = Self.meta(index)
            meta.createdAt = Date(millisecondsSince1970: millis + Int64(index))
            let entry = AnyRecord(
                WaterEntry(meta: meta, fields: WaterEntryFields(at: at, timeZoneID: "UTC", amountML: 250), source: .cli)
            )
            let written = try RecordCoding.encode(entry)
            let direct = try #require(CompactRecordReader.record(kind: WaterEntry.kind.id, from: written))
            let decoded = try RecordCoding.decodedByDecoder(kind: WaterEntry.kind.id, from: written)
            let bits = { (record: AnyRecord) in
                [record.meta.createdAt, record.meta.modifiedAt, try #require(record.as(WaterEntry.self)).at]
                    .map(\.timeIntervalSinceReferenceDate.bitPattern)
            }
            #expect(try bits(direct) == bits(decoded), "\(String(decoding: written, as: UTF8.self))")
        }
    }

    /// Thousands of damaged copies: whatever the direct reader accepts, the decoder reads the same.
    @Test func theReaderIsNeverMoreLenientThanTheDecoder() throws {
        var generator = SplitMix64(seed: 23)
        var accepted = 0
        for record in Self.records.prefix(40) {
            let kind = type(of: record.base).kind.id
            let written = [UInt8](try RecordCoding.encode(record))
            for _ in 0..<60 {
                let damaged = ByteDamage.damaged(written, using: &generator)
                guard let direct = CompactRecordReader.record(kind: kind, from: Data(damaged)) else { continue }
                accepted += 1
                let decoded = try? RecordCoding.decodedByDecoder(kind: kind, from: Data(damaged))
                #expect(decoded == direct, "\(String(decoding: damaged, as: UTF8.self))")
            }
        }
        // Some damage leaves a valid record (a digit for a digit): the property is tested, not only refusals.
        #expect(accepted > 50)
    }
}
