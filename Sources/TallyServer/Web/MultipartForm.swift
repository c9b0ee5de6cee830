import Foundation
import Hummingbird
import MultipartKit
import TallyCore

/// A posted `multipart/form-data` form (a form with a photo): its text fields and uploaded files, read
/// with MultipartKit's parser. The body is limited to a little more than the largest image.
struct MultipartForm {
    static let maxBytes = ImageKind.maxBytes + 256 * 1024

    private(set) var fields: [String: String] = [:]
    private(set) var files: [String: Data] = [:]

    /// Reads the form, at most `maxBytes` of it (a photo's limit unless the route allows more).
    init(request: Request, maxBytes: Int = Self.maxBytes) async throws {
        guard let type = request.headers[.contentType], type.lowercased().hasPrefix("multipart/form-data"),
            let boundary = Self.parameter("boundary", in: type)
        else { throw TallyError.unreadable("send the form as multipart/form-data") }
        let buffer: ByteBuffer
        do {
            buffer = try await request.body.collect(upTo: maxBytes)
        } catch {
            throw HTTPProblem(
                status: .contentTooLarge, detail: "the file is larger than the limit of \(maxBytes / 1024 / 1024) MB")
        }
        var headers: [String: String] = [:]
        var body = Data()
        var parts: [(headers: [String: String], body: Data)] = []
        let parser = MultipartParser(boundary: boundary)
        parser.onHeader = { name, value in headers[name.lowercased()] = value }
        parser.onBody = { chunk in body.append(contentsOf: chunk.readableBytesView) }
        parser.onPartComplete = {
            parts.append((headers, body))
            headers = [:]
            body = Data()
        }
        do {
            try parser.execute(buffer)
        } catch {
            throw TallyError.unreadable("the form could not be read")
        }
        for part in parts {
            guard let disposition = part.headers["content-disposition"],
                let name = Self.parameter("name", in: disposition)
            else { continue }
            if Self.parameter("filename", in: disposition) != nil {
                if !part.body.isEmpty { files[name] = part.body }
            } else {
                fields[name] = FormBody.lineFeeds(String(decoding: part.body, as: UTF8.self))
            }
        }
    }

    /// The field, or nil when it is missing or blank.
    func text(_ name: String) -> String? {
        guard let value = fields[name], !value.trimmingCharacters(in: .whitespaces).isEmpty else { return nil }
        return value
    }

    /// `name=value` or `name="value"` in a header such as Content-Disposition.
    static func parameter(_ name: String, in header: String) -> String? {
        for item in header.split(separator: ";").dropFirst() {
            let pair = item.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingCharacters(in: .whitespaces).lowercased() == name else { continue }
            var value = pair[1].trimmingCharacters(in: .whitespaces)
            if value.hasPrefix("\""), value.hasSuffix("\""), value.count >= 2 {
                value = String(value.dropFirst().dropLast())
            }
            return value
        }
        return nil
    }
}
