import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyServices
import Testing

/// The progress screen's downloads for spreadsheets and calendars: one tracker's CSV, every tracker in a
/// zip, the dates as iCalendar; a tracker that does not exist is named, not a 5xx.
@Suite struct ExportDownloadsWebTests {
    @Test func aSignedInPersonDownloadsCSVAndICalendar() async throws {
        let fixture = try ServerFixture()
        let owner = try await fixture.signIn(name: "owner")
        _ = try await fixture.scope.journal.save(
            on: LocalDay(year: 2026, month: 11, day: 20)!, .init(notes: "Snow, \"at last\"\nand sun", moodRating: 5))
        try await fixture.test { client in
            let journal = try await client.execute(
                uri: "/export/csv?tracker=journal", method: .get, headers: owner.cookieHeaders)
            #expect(journal.status == .ok)
            #expect(journal.headers[.contentType] == "text/csv; charset=utf-8")
            #expect(journal.headers[.contentDisposition]?.contains("tally-journal-") == true)
            #expect(
                String(buffer: journal.body)
                    == "date,mood,mood_name,notes,photo\n2026-11-20,5,Great,\"Snow, \"\"at last\"\"\nand sun\",\n")
            let zip = try await client.execute(uri: "/export/csv", method: .get, headers: owner.cookieHeaders)
            #expect(zip.status == .ok && zip.headers[.contentType] == "application/zip")
            #expect(Array(zip.body.readableBytesView.prefix(2)) == [0x50, 0x4B])
            let calendar = try await client.execute(
                uri: "/export/calendar.ics", method: .get, headers: owner.cookieHeaders)
            #expect(String(buffer: calendar.body).hasPrefix("BEGIN:VCALENDAR"))
            let unknown = try await client.execute(
                uri: "/export/csv?tracker=steps", method: .get, headers: owner.cookieHeaders)
            #expect(unknown.status == .badRequest)
            #expect(String(buffer: unknown.body).contains("is not a tracker to export"))
        }
    }

    @Test func theBackupDownloadIsSentAsItIsReadAndIsTheWholeBackup() async throws {
        let fixture = try ServerFixture()
        let owner = try await fixture.signIn(name: "owner")
        for minute in 0..<1_500 {
            _ = try await fixture.scope.water.log(
                amountML: 250, at: ServerFixture.now.addingTimeInterval(-Double(minute) * 3_600), source: .web)
        }
        let expected = try await fixture.scope.backup.exportJSON()
        try await fixture.test { client in
            let download = try await client.execute(uri: "/skills/export", method: .get, headers: owner.cookieHeaders)
            #expect(download.status == .ok && download.headers[.contentType] == "application/json")
            #expect(download.headers[.contentDisposition]?.contains("attachment; filename=\"tally-") == true)
            #expect(Data(download.body.readableBytesView) == expected)
        }
    }
}
