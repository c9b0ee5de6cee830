import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Downloads of a person's records in other programs' formats, from the progress screen's "Export and
/// import" section: every tracker's CSV in a zip, one tracker's CSV, and an iCalendar file of their dates.
struct ExportDownloads {
    let scope: UserScope

    /// `/export/csv` (a zip of every tracker) or `/export/csv?tracker=water` (one CSV file), sent as it is
    /// read: a history of any size needs one stretch of records and a piece of text (``ExportService``).
    func csv(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let exports = scope.exports
        let day = try await scope.now().today
        if let tracker = request.uri.queryParameters.get("tracker") {
            let table = try ExportTable.named(tracker)
            return Self.streamed(name: "tally-\(table.rawValue)-\(day).csv", type: "text/csv; charset=utf-8") { write in
                try await exports.csv(table, to: write)
            }
        }
        return Self.streamed(name: "tally-csv-\(day).zip", type: "application/zip") { write in
            try await exports.csvArchive(to: write)
        }
    }

    /// `/export/backup.zip`: the backup with every photo (``BackupService/exportWithPhotos(to:)``), zipped
    /// and sent as it is read.
    func backupWithPhotos(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let backup = scope.backup
        let day = try await scope.now().today
        return Self.streamed(name: "tally-\(day).zip", type: "application/zip") { write in
            _ = try await backup.exportWithPhotos(to: write)
        }
    }

    /// `/export/calendar.ics`: events, reminders and trackers.
    func calendar(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let text = try await scope.exports.calendar().text
        return Self.download(Data(text.utf8), name: "tally.ics", type: "text/calendar; charset=utf-8")
    }

    /// A download made as it is sent. A fault midway (or a person who goes away) ends it without its
    /// closing chunk, so the browser reports it cut off: the status was sent already.
    static func streamed(
        name: String, type: String, _ make: @escaping @Sendable ((Data) async throws -> Void) async throws -> Void
    ) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: type, .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store",
            ],
            body: ResponseBody { writer in
                try await make { try await writer.write(ByteBuffer(bytes: $0)) }
                try await writer.finish(nil)
            })
    }

    static func download(_ data: Data, name: String, type: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: type, .contentDisposition: "attachment; filename=\"\(name)\"", .cacheControl: "no-store",
            ],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }
}
