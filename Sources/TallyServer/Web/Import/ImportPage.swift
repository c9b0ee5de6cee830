import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// The Import page: choose a file (a Tally backup, Apple Health, Loop, Table Habit, Beaver or Daylio),
/// see what it would add (the dry run `tally import --dry-run` prints), then import it or cancel. The
/// upload is written to disk as it arrives; the page's script shows its progress.
struct ImportPage {
    let scope: UserScope
    let templates: PageTemplates
    let uploads: ImportUploads

    struct Row {
        let label: String
        let value: String
    }

    struct Preview {
        let id: String
        let fileName: String
        let size: String
        let format: String
        let rows: [Row]
        let isBackup: Bool
        let canImport: Bool
    }

    struct View {
        let title = "Import"
        let formats: [Option]
        let limit: String
        let error: String?
        let preview: Preview?
        let done: String?
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        render(error: nil)
    }

    /// Keeps the posted file and sends the browser to its preview (the page's script asks for JSON, to
    /// show progress while the file goes up and then go there itself).
    func upload(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let owner = context.user.id
        uploads.sweep()
        let room: Int
        do {
            room = try uploads.room(for: owner)
        } catch {
            guard case .invalid(_, let reason) = error else { throw error }
            return render(error: reason, status: .tooManyRequests)
        }
        let (id, fileFolder) = try uploads.begin(for: owner)
        do {
            let received = try await StreamedUpload.receive(
                request, into: fileFolder, maxBytes: room, token: Self.token(for: request, context))
            let chosen = received.fields["format"].flatMap { $0.isEmpty ? nil : $0 }
            let format = try chosen.map { (name) throws(TallyError) in try ImportFormat.named(name) }
            try uploads.save(
                .init(
                    id: id, fileName: received.fileName, size: received.size, format: format,
                    moods: try Self.moods(received.fields["moods"] ?? "")),
                owner: owner)
        } catch {
            uploads.remove(id, owner: owner)
            if case .invalid(_, let reason)? = error as? TallyError {
                return render(error: reason, status: .badRequest)
            }
            throw error
        }
        let location = "/import/\(id.text)"
        guard request.headers[.accept]?.contains("application/json") == true else { return HTML.redirect(to: location) }
        return Response(
            status: .created, headers: [.contentType: "application/json", .location: location],
            body: .init(byteBuffer: ByteBuffer(string: #"{"preview":"\#(location)"}"#)))
    }

    /// A backup posted from the progress screen's form, merged like `tally import` with no preview: written
    /// to disk as it arrives and read a chunk at a time, so a backup of any size needs little memory.
    func importBackup(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let scope = scope
        uploads.sweep()
        let room = try uploads.room(for: scope.owner)
        let (id, fileFolder) = try uploads.begin(for: scope.owner)
        defer { uploads.remove(id, owner: scope.owner) }
        let received = try await StreamedUpload.receive(
            request, into: fileFolder, maxBytes: room, token: Self.token(for: request, context))
        let report = try await scope.imports.run(received.file, format: .tally)
        let text = "\(report.added) new, \(report.updated) updated, \(report.unchanged) unchanged"
        let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
        return HTML.redirect(to: "/skills/progress?imported=\(encoded)")
    }

    /// The check of a streamed form's anti-forgery field, when the request rides on cookies with no header.
    private static func token(for request: Request, _ context: SignedInContext) -> ((String?) throws -> Void)? {
        guard CSRFField.needsField(request, context: context) else { return nil }
        let expected = context.formToken
        return { given in try CSRFField.check(given, expected: expected) }
    }

    /// What the upload would add, without storing anything.
    func preview(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let scope = scope
        guard let found = try? uploads.find(try context.parameters.require("id"), owner: scope.owner) else {
            return render(error: Self.gone, status: .notFound)
        }
        let (upload, file) = found
        var format = upload.format
        do {
            let recognised = try ImportService.format(of: file, forced: upload.format)
            format = recognised
            let rows = Self.rows(
                try await scope.imports.run(file, format: recognised, dryRun: true, moods: upload.moods))
            return render(preview: preview(upload, format: recognised, rows: rows, canImport: true))
        } catch let error as TallyError {
            return render(
                error: FormMessage.text(error), preview: preview(upload, format: format, rows: [], canImport: false),
                status: .unprocessableContent)
        }
    }

    /// Imports the upload, removes it, and says what was added.
    func confirm(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let scope = scope
        guard let (upload, file) = try? uploads.find(try context.parameters.require("id"), owner: scope.owner) else {
            return render(error: Self.gone, status: .notFound)
        }
        let report: ImportReport
        do {
            report = try await scope.imports.run(file, format: upload.format, moods: upload.moods)
        } catch let error as TallyError {
            return render(
                error: FormMessage.text(error),
                preview: preview(upload, format: upload.format, rows: [], canImport: false),
                status: .unprocessableContent)
        }
        uploads.remove(upload.id, owner: scope.owner)
        return render(done: report.summary)
    }

    func cancel(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let scope = scope
        guard let (upload, _) = try? uploads.find(try context.parameters.require("id"), owner: scope.owner) else {
            return render(error: Self.gone, status: .notFound)
        }
        uploads.remove(upload.id, owner: scope.owner)
        return HTML.redirect(to: "/import")
    }

    /// Said when an upload is not found: this server cannot tell which of these it was.
    static let gone =
        "This upload is not on this server (it was imported or cancelled already, is more than a day old, or was"
        + " sent to another Tally server that does not share this one's upload folder): choose the file again."

    /// "sleepy=2, tired=1" (commas or lines between them) as ratings by mood name.
    static func moods(_ text: String) throws(TallyError) -> [String: Int] {
        var moods: [String: Int] = [:]
        for item in text.split(whereSeparator: { $0 == "," || $0.isNewline }) {
            guard !item.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let (name, rating) = try DaylioMoods.mapping(String(item))
            moods[name] = rating
        }
        return moods
    }

    /// The report's figures as the preview lists them.
    static func rows(_ report: ImportReport) -> [Row] {
        var rows = [Row(label: "New", value: "\(report.added)")]
        for kind in report.addedKinds { rows.append(Row(label: "New \(kind.many)", value: "\(kind.count)")) }
        if let deletions = report.deletions, deletions > 0 {
            rows.append(Row(label: "Deletions carried (nothing shown)", value: "\(deletions)"))
        }
        if report.updated > 0 {
            let label = report.format == .tally ? "Newer than the copy you have" : "Added to an entry you have"
            rows.append(Row(label: label, value: "\(report.updated)"))
        }
        if report.format != .tally {
            rows.append(Row(label: "Skipped as duplicates", value: "\(report.duplicates)"))
        }
        rows.append(Row(label: "Already here from an earlier import", value: "\(report.unchanged)"))
        return rows
    }

    private func preview(
        _ upload: ImportUploads.Upload, format: ImportFormat?, rows: [Row], canImport: Bool
    )
        -> Preview
    {
        Preview(
            id: upload.id.text, fileName: upload.fileName, size: ByteSize.text(upload.size),
            format: format?.title ?? "Not recognised", rows: rows, isBackup: format == .tally, canImport: canImport)
    }

    private func render(
        error: String? = nil, preview: Preview? = nil, done: String? = nil, status: HTTPResponse.Status = .ok
    ) -> Response {
        let formats = ImportFormat.allCases.map { Option(value: $0.rawValue, label: $0.title, selected: false) }
        let view = View(
            formats: formats, limit: ByteSize.text(uploads.maxBytes), error: error, preview: preview, done: done)
        return HTML.response(templates.render(view, .import), status: status)
    }
}
