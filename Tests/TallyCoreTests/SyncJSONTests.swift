import Foundation
import Testing

@testable import TallyCore

/// The sync page the server writes directly reads back, with the backup's decoder, as the page.
@Suite struct SyncJSONTests {
    @Test func aPageReadsBackAsItself() throws {
        let records = RecordCodingTests.records
        let page = SyncPage(
            after: 12, through: 9_000_000_000, records: records, purged: [UUID(), UUID()], hasMore: true,
            resync: false)
        let read = try BackupCoding.decoder().decode(SyncPage.self, from: try SyncJSON.data(page))
        #expect(read.records == TallyBackup(records: records).allRecords)
        #expect(read.records.count == records.count)
        #expect(read.after == 12 && read.through == 9_000_000_000 && read.hasMore && !read.resync)
        #expect(read.purged == page.purged)
    }

    @Test func anEmptyPageHoldsEveryKindAsAnEmptyArray() throws {
        let page = SyncPage(after: 3, through: 3, records: [], hasMore: false, resync: true)
        let data = try SyncJSON.data(page)
        let object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let changes = try #require(object["changes"] as? [String: Any])
        #expect(Set(changes.keys) == TallyBackup.keys)
        #expect(changes["format"] as? String == "tally-backup")
        #expect(object["resync"] as? Bool == true && (object["purged"] as? [Any])?.isEmpty == true)
        #expect(try BackupCoding.decoder().decode(SyncPage.self, from: data) == page)
    }
}
