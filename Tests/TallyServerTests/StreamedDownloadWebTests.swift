import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

/// The CSV zip and the backup with photos are sent as they are made: the bytes the download carries are
/// the export's own, piece after piece, for a history long enough to take many pieces.
@Suite struct StreamedDownloadWebTests {
    @Test func theZipDownloadsAreTheStreamedExports() async throws {
        let fixture = try ServerFixture()
        let owner = try await fixture.signIn(name: "owner")
        // Three years of hourly glasses and visits, merged as a device's sync would bring them.
        var records: [AnyRecord] = []
        for hour in 0..<26_000 {
            let at = ServerFixture.now.addingTimeInterval(-Double(hour) * 3_600 - 60)
            let meta = RecordMeta(
                id: UUID(), ownerID: fixture.scope.owner, createdAt: at, modifiedAt: at, deviceID: UUID(),
                stamp: HLCStamp(millis: at.millisecondsSince1970, counter: 0))
            records.append(
                hour % 2 == 0
                    ? AnyRecord(
                        WaterEntry(
                            meta: meta, fields: WaterEntryFields(at: at, timeZoneID: "America/New_York", amountML: 250),
                            source: .web))
                    : AnyRecord(
                        BathroomEvent(
                            meta: meta,
                            fields: BathroomEventFields(
                                at: at, timeZoneID: "America/New_York",
                                note: hour % 5 == 0 ? "a note, \"quoted\"" : nil,
                                volumeML: nil, urgency: hour % 5, leak: false))))
        }
        _ = try await fixture.scope.store.merge(records, now: ServerFixture.now)
        var csv = Data()
        var pieces = 0
        try await fixture.scope.exports.csvArchive {
            csv.append($0)
            pieces += 1
        }
        // More deflated pieces than the five files' headers and ends and the directory.
        #expect(pieces > 20)
        let csvZip = csv
        try await fixture.test { client in
            let zip = try await client.execute(uri: "/export/csv", method: .get, headers: owner.cookieHeaders)
            #expect(zip.status == .ok && zip.headers[.contentType] == "application/zip")
            #expect(Self.undated(Data(zip.body.readableBytesView)) == Self.undated(csvZip))
            let photos = try await client.execute(
                uri: "/export/backup.zip", method: .get, headers: owner.cookieHeaders)
            #expect(photos.status == .ok && photos.headers[.contentType] == "application/zip")
            let body = Data(photos.body.readableBytesView)
            #expect(body.starts(with: [0x50, 0x4B, 0x03, 0x04]) && body.count > 1_000_000)
            #expect(String(decoding: body.prefix(200), as: UTF8.self).contains("tally-archive.json"))
        }
    }

    /// `zip` with its headers' modification times blanked: the clock moves on between the two exports.
    static func undated(_ zip: Data) -> Data {
        var bytes = [UInt8](zip)
        var index = 0
        while index + 16 <= bytes.count {
            if bytes[index] == 0x50, bytes[index + 1] == 0x4B {
                let (third, fourth) = (bytes[index + 2], bytes[index + 3])
                if third == 3, fourth == 4 { for offset in 10..<14 { bytes[index + offset] = 0 } }
                if third == 1, fourth == 2 { for offset in 12..<16 { bytes[index + offset] = 0 } }
            }
            index += 1
        }
        return Data(bytes)
    }
}
