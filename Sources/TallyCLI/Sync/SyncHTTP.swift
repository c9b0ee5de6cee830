import Foundation
import TallyCore
import TallyServices

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// JSON over HTTP to a Tally server: `Authorization: Bearer` when there is a token, a time limit on
/// every request, and errors sorted into "try again later" (no answer, a 5xx) and "the server said no"
/// (a 4xx, with the server's own detail).
struct SyncHTTP: Sendable {
    let baseURL: URL
    let token: String?
    var timeout: TimeInterval = 20

    init(server: String, token: String?) throws {
        guard let url = URL(string: server), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else { throw TallyError.invalid(field: "URL", reason: "'\(server)' is not an http:// or https:// address") }
        baseURL = url
        self.token = token
    }

    /// Sends `body` (nil: a GET) to `path` under `/api/v1` and returns the answer's body.
    func send(_ path: String, body: Data?, expecting status: Int = 200) async throws -> Data {
        var request = URLRequest(url: baseURL.appendingPathComponent("api/v1").appendingPathComponent(path))
        request.httpMethod = body == nil ? "GET" : "POST"
        request.httpBody = body
        request.setValue("application/json", forHTTPHeaderField: "Content-Type")
        return try await perform(request, path: path, expecting: status) ?? Data()
    }

    /// Uploads an image's bytes (`POST /api/v1/images`); the server keeps them under their content hash.
    func upload(image data: Data) async throws {
        var request = URLRequest(url: baseURL.appendingPathComponent("api/v1/images"))
        request.httpMethod = "POST"
        request.httpBody = data
        request.setValue("application/octet-stream", forHTTPHeaderField: "Content-Type")
        _ = try await perform(request, path: "images", expecting: 201)
    }

    /// The bytes of the image called `name` (`GET /images/NAME`), or nil when the server has none.
    func download(image name: String) async throws -> Data? {
        let request = URLRequest(url: baseURL.appendingPathComponent("images").appendingPathComponent(name))
        return try await perform(request, path: "images/\(name)", expecting: 200, missing: 404)
    }

    /// Sends `request` with the token and a time limit; returns the body of an answer with `status`, nil
    /// for one with `missing`, and throws for anything else.
    private func perform(
        _ request: URLRequest, path: String, expecting status: Int, missing: Int? = nil
    )
        async throws -> Data?
    {
        var request = request
        request.timeoutInterval = timeout
        request.setValue("application/json", forHTTPHeaderField: "Accept")
        if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
        let data: Data
        let response: URLResponse
        do {
            (data, response) = try await URLSession.shared.data(for: request)
        } catch {
            throw SyncTransportError.unreachable("\(baseURL.absoluteString): \(error.localizedDescription)")
        }
        let code = (response as? HTTPURLResponse)?.statusCode ?? 0
        if code == status { return data }
        if code == missing { return nil }
        let detail = Self.detail(data) ?? "HTTP \(code)"
        switch code {
        case 401, 403:
            throw TallyError.invalid(field: "token", reason: "the server refused it (\(detail)); run tally login again")
        case 400..<500: throw TallyError.invalid(field: "server", reason: "\(path) was refused: \(detail)")
        default: throw SyncTransportError.unreachable("\(path) answered \(code): \(detail)")
        }
    }

    /// A problem+json answer's `detail`.
    private static func detail(_ data: Data) -> String? {
        (try? JSONSerialization.jsonObject(with: data) as? [String: Any])?["detail"] as? String
    }

    static func encoder() -> JSONEncoder {
        let encoder = BackupCoding.encoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
