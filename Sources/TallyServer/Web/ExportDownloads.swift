import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Downloads of a person's records in other programs' formats, from the progress screen's "Export and
/// import" section: every tracker's CSV in a zip, one tracker's CSV, and an iCalendar file of their dates.
struct ExportDownloads {
    let scope: UserScope

    /// `/export/csv` (a zip of every tracker) or `/export/csv?tracker=water` (one CSV file).
    func csv(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let scope = scope
        let day = try await scope.now().today
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tally-export-\(UUID())")
        defer { try? FileManager.default.removeItem(at: file) }
        let name: String
        let type: String
        if let tracker = request.uri.queryParameters.get("tracker") {
            let table = try ExportTable.named(tracker)
            guard let stream = OutputStream(url: file, append: false) else {
                throw TallyError.unreadable("cannot write the export")
            }
            stream.open()
            try await scope.exports.csv(table, to: stream)
            name = "tally-\(table.rawValue)-\(day).csv"
            type = "text/csv; charset=utf-8"
        } else {
            try await scope.exports.csvArchive(to: file)
            name = "tally-csv-\(day).zip"
            type = "application/zip"
        }
        return Self.download(try Data(contentsOf: file), name: name, type: type)
    }

    /// `/export/backup.zip`: the backup with every photo (``BackupService/exportWithPhotos(to:)``), packed
    /// into a temporary file and sent from it a piece at a time; the file is gone once opened.
    func backupWithPhotos(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let scope = scope
        let day = try await scope.now().today
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tally-export-\(UUID()).zip")
        defer { try? FileManager.default.removeItem(at: file) }
        try await scope.backup.exportWithPhotos(to: file)
        let handle = try FileHandle(forReadingFrom: file)
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/zip", .contentDisposition: "attachment; filename=\"tally-\(day).zip\"",
                .cacheControl: "no-store",
            ],
            body: ResponseBody { writer in
                defer { try? handle.close() }
                while let chunk = try handle.read(upToCount: 1 << 20), !chunk.isEmpty {
                    try await writer.write(ByteBuffer(bytes: chunk))
                }
                try await writer.finish(nil)
            })
    }

    /// `/export/calendar.ics`: events, reminders and trackers.
    func calendar(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let text = try await scope.exports.calendar().text
        return Self.download(Data(text.utf8), name: "tally.ics", type: "text/calendar; charset=utf-8")
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
