import Foundation
import Testing

@testable import TallyCore

/// Sync messages read by ``SyncEnvelope`` are the messages the decoder reads; whatever it does not take
/// plainly, it leaves to the decoder.
@Suite struct SyncEnvelopeTests {
    /// The awkward water and bathroom records, and skills whose JSON nests arrays and objects and
    /// escapes quotes, with brackets left open in their text.
    static var records: [AnyRecord] {
        let skills = [
            SkillFixture.skill("Piano } \"grade 5\" [", .weekdays([1, 3, 5])),
            SkillFixture.skill("Run\\walk \"}", .timesPerWeek(2), end: "2027-01-01", rollover: true),
        ]
        return RecordCodingTests.records + skills.map(AnyRecord.init)
    }

    /// A message's records as the decoder reads them, whatever its other members.
    private struct Changes: Decodable {
        let changes: TallyBackup
    }

    static let device = UUID(uuidString: "5C2D8E1A-0000-4000-8000-0000000000D2")!

    @Test func aBatchWrittenDirectlyReadsAsTheDecoderReadsIt() throws {
        let batch = SyncBatch(deviceID: Self.device, through: 9_000_000_001, records: Self.records)
        let data = try SyncJSON.data(batch)
        let envelope = try #require(SyncEnvelope.read(data))
        let decoded = try BackupCoding.decoder().decode(SyncBatch.self, from: data)
        #expect(envelope.records == decoded.records)
        #expect(envelope.records.count == Self.records.count)
        #expect(envelope.fields == ["deviceId": "\"\(Self.device.uuidString)\"", "through": "9000000001"])
        #expect(envelope.integer("through") == 9_000_000_001 && envelope.string("deviceId") == Self.device.uuidString)
    }

    @Test func aPageReadsAsTheDecoderReadsIt() throws {
        let page = SyncPage(
            after: 12, through: 40, records: Self.records, purged: [UUID(), UUID()], hasMore: true, resync: true)
        let data = try SyncJSON.data(page)
        #expect(SyncEnvelope.read(data) != nil)
        #expect(try SyncPage.read(from: data) == (try BackupCoding.decoder().decode(SyncPage.self, from: data)))
        #expect(try SyncPage.read(from: data).records.count == Self.records.count)
        // `resync` and `purged` may be left out, as the decoder allows.
        let short = #"{"after":0,"through":0,"hasMore":false,"changes":{"version":1,"format":"tally-backup"}}"#
        let read = try #require(SyncEnvelope.read(Data(short.utf8)))
        #expect(read.records.isEmpty && read.bool("hasMore") == false)
        #expect(
            try SyncPage.read(from: Data(short.utf8)) == SyncPage(after: 0, through: 0, records: [], hasMore: false))
    }

    /// White space anywhere, keys in any order, the encoder's records: read, each record by the decoder.
    @Test func aBatchTheEncoderWroteIsReadToo() throws {
        let batch = SyncBatch(deviceID: Self.device, through: 7, records: Self.records)
        let encoder = BackupCoding.encoder()
        encoder.outputFormatting = [.prettyPrinted]
        let data = try encoder.encode(batch)
        #expect(String(decoding: data, as: UTF8.self).contains("\n  "))
        let envelope = try #require(SyncEnvelope.read(data))
        #expect(envelope.records == (try BackupCoding.decoder().decode(SyncBatch.self, from: data)).records)
        #expect(envelope.integer("through") == 7)
    }

    /// What the envelope does not take plainly is left to the decoder, whether the decoder reads it or not.
    @Test func whatIsNotPlainIsLeftToTheDecoder() throws {
        let good = String(
            decoding: try SyncJSON.data(SyncBatch(deviceID: Self.device, through: 3, records: [])), as: UTF8.self)
        #expect(SyncEnvelope.read(Data(good.utf8)) != nil)
        let record = String(decoding: try RecordCoding.encode(RecordCodingTests.records[0]), as: UTF8.self)
        let others = [
            good.replacingOccurrences(of: "\"deviceId\"", with: "\"device\\u0049d\""),  // an escaped key
            good.replacingOccurrences(of: "\"through\":3", with: "\"through\":3,\"through\":4"),  // a key twice
            good.replacingOccurrences(of: "\"version\":1", with: "\"version\":2"),  // another version
            good.replacingOccurrences(of: ",\"version\":1", with: ""),  // no version
            good.replacingOccurrences(of: "\"format\":\"tally-backup\",", with: ""),  // no format
            good.replacingOccurrences(of: "\"waterEntries\":[]", with: "\"waterEntries\":null"),
            good.replacingOccurrences(of: "\"waterEntries\":[]", with: "\"waterEntries\":[],\"pebbles\":[]"),
            good.replacingOccurrences(of: "\"through\":3", with: "\"through\":{\"n\":3}"),
            good.replacingOccurrences(of: "\"through\":3", with: "\"through\":03"),
            good.replacingOccurrences(of: "\"waterEntries\":[]", with: "\"waterEntries\":[\(record.dropLast())]"),
            good.replacingOccurrences(of: "\"waterEntries\":[]", with: "\"waterEntries\":[{\"amountML\":1}]"),
            good + "x", String(good.dropLast()), "",
        ]
        for text in others {
            #expect(SyncEnvelope.read(Data(text.utf8)) == nil, "\(text.prefix(120))")
        }
    }

    /// Thousands of damaged pages: whatever the envelope reads, the decoder reads the same.
    @Test func theEnvelopeIsNeverMoreLenientThanTheDecoder() throws {
        var generator = SplitMix64(seed: 2_311)
        let page = SyncPage(
            after: 5, through: 19, records: Array(Self.records.prefix(6)) + Self.records.suffix(2), purged: [UUID()],
            hasMore: true)
        let written = [UInt8](try SyncJSON.data(page))
        var accepted = 0
        for _ in 0..<3_000 {
            let damaged = ByteDamage.damaged(written, using: &generator)
            guard let envelope = SyncEnvelope.read(damaged) else { continue }
            accepted += 1
            let changes = try? BackupCoding.decoder().decode(Changes.self, from: Data(damaged))
            #expect(changes?.changes.allRecords == envelope.records, "\(String(decoding: damaged, as: UTF8.self))")
            if let decoded = try? BackupCoding.decoder().decode(SyncPage.self, from: Data(damaged)) {
                #expect(try SyncPage.read(from: Data(damaged)) == decoded)
            }
        }
        // Some damage leaves a readable page (a digit for a digit, a space): the property is tested.
        #expect(accepted > 100)
    }
}
