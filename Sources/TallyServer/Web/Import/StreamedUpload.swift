import Foundation
import Hummingbird
import MultipartKit
import NIOCore
import TallyCore

/// A posted form with one large file (`multipart/form-data`), read as it arrives: MultipartKit's parser
/// is fed each piece of the body, the text fields are kept, and the file is written to disk piece by
/// piece, so a file of several GB never sits in memory. Every Tally form puts its anti-forgery field
/// first: when the request needs it, it is checked before a byte of the file is written.
struct StreamedUpload {
    /// The form's text fields.
    let fields: [String: String]
    /// The file's name as the browser gave it (its folders left out), and where it was written.
    let fileName: String
    let file: URL
    let size: Int

    static let fileField = "file"

    /// Reads `request`'s form, writing the file field into `folder` (under its own name), at most
    /// `maxBytes` of it. `token` checks the anti-forgery field, when the request needs one.
    static func receive(
        _ request: Request, into folder: URL, maxBytes: Int, token: ((String?) throws -> Void)?
    ) async throws -> StreamedUpload {
        guard let type = request.headers[.contentType], type.lowercased().hasPrefix("multipart/form-data"),
            let boundary = MultipartForm.parameter("boundary", in: type), !boundary.isEmpty
        else { throw TallyError.unreadable("send the form as multipart/form-data") }
        let receiver = Receiver(folder: folder, maxBytes: maxBytes, token: token)
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in receiver.headers[name.lowercased()] = value }
        parser.onBody = { chunk in receiver.body(&chunk) }
        parser.onPartComplete = { receiver.completePart() }
        defer { receiver.close() }
        var pieces = request.body.makeAsyncIterator()
        while true {
            let piece: ByteBuffer?
            do {
                piece = try await pieces.next()
            } catch {
                // The connection broke or stalled mid-file: the person's upload, not the server, failed.
                throw TallyError.unreadable("the upload stopped before the end; try again")
            }
            guard let piece else { break }
            do {
                try parser.execute(piece)
            } catch {
                throw TallyError.unreadable("the form could not be read")
            }
            if let failure = receiver.failure { throw failure }
        }
        if let failure = receiver.failure { throw failure }
        guard !receiver.writing else { throw TallyError.unreadable("the upload stopped before the end; try again") }
        guard let name = receiver.fileName, let file = receiver.file else {
            try token?(receiver.fields[CSRFField.name])
            throw TallyError.invalid(field: "file", reason: "choose a file to import")
        }
        return StreamedUpload(fields: receiver.fields, fileName: name, file: file, size: receiver.size)
    }

    static func tooLarge(_ maxBytes: Int) -> HTTPProblem {
        HTTPProblem(
            status: .contentTooLarge,
            detail: "the file is larger than this server's import limit of \(ByteSize.text(maxBytes))")
    }

    /// A name safe to keep on disk: the last part of the browser's name, without control characters.
    static func safeName(_ given: String) -> String {
        let last = given.split(whereSeparator: { $0 == "/" || $0 == "\\" }).last.map(String.init) ?? ""
        let cleaned = String(last.unicodeScalars.filter { $0.value >= 0x20 && $0.value != 0x7F }.prefix(120))
        return cleaned.isEmpty || cleaned == "." || cleaned == ".." ? "upload" : cleaned
    }

    /// The parser's callbacks: which part is being read, and what was kept of it.
    private final class Receiver {
        let folder: URL
        let maxBytes: Int
        let token: ((String?) throws -> Void)?
        var headers: [String: String] = [:]
        var value: [UInt8] = []
        var fields: [String: String] = [:]
        var fileName: String?
        var file: URL?
        var output: FileHandle?
        var size = 0
        var failure: (any Error)?
        static let maxFieldBytes = 64 * 1024

        init(folder: URL, maxBytes: Int, token: ((String?) throws -> Void)?) {
            self.folder = folder
            self.maxBytes = maxBytes
            self.token = token
        }

        var writing: Bool { output != nil }

        private var disposition: String { headers["content-disposition"] ?? "" }
        private var fieldName: String? { MultipartForm.parameter("name", in: disposition) }
        private var givenFileName: String? { MultipartForm.parameter("filename", in: disposition) }

        func body(_ chunk: inout ByteBuffer) {
            guard failure == nil else { return }
            do {
                if output == nil, file == nil, fieldName == StreamedUpload.fileField, let given = givenFileName {
                    try token?(fields[CSRFField.name])
                    let name = StreamedUpload.safeName(given)
                    let url = folder.appendingPathComponent(name)
                    guard FileManager.default.createFile(atPath: url.path, contents: nil) else {
                        throw TallyError.unavailable("the server cannot keep the upload; try again later")
                    }
                    output = try FileHandle(forWritingTo: url)
                    fileName = name
                    file = url
                }
                if let output {
                    size += chunk.readableBytes
                    guard size <= maxBytes else { throw StreamedUpload.tooLarge(maxBytes) }
                    try output.write(contentsOf: Data(chunk.readableBytesView))
                } else if givenFileName == nil {
                    value.append(contentsOf: chunk.readableBytesView)
                    guard value.count <= Self.maxFieldBytes else {
                        throw TallyError.invalid(field: fieldName ?? "form", reason: "this field is too long")
                    }
                }
            } catch {
                failure = error
            }
        }

        func completePart() {
            if let output {
                try? output.close()
                self.output = nil
            } else if givenFileName == nil, let name = fieldName {
                fields[name] = String(decoding: value, as: UTF8.self)
            }
            headers = [:]
            value = []
        }

        func close() {
            try? output?.close()
            output = nil
        }
    }
}
