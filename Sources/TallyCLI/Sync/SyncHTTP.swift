import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TallyCore
import TallyServices

/// JSON over HTTP to a Tally server: `Authorization: Bearer` when there is a token, a time limit on
/// every request, and errors sorted into "try again later" (no answer, a 5xx) and "the server said no"
/// (a 4xx, with the server's own detail). Sent with AsyncHTTPClient, the client the notifier uses too,
/// so the `tally` binary needs no libcurl (Foundation's URLSession on Linux).
struct SyncHTTP: Sendable {
    /// The client of the CLI process, never shut down (like `HTTPClient.shared`): connections wait at
    /// most 20 s for a connection or for the next bytes of an answer.
    private static let client: HTTPClient = {
        var configuration = HTTPClient.Configuration()
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: .seconds(20), read: .seconds(20))
        return HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
    }()
    /// The largest answer read: a page of sync records or an image is far smaller.
    private static let largestAnswer = 512 * 1024 * 1024

    let baseURL: URL
    let token: String?
    /// How long a whole request may take, answer included.
    var timeout: TimeAmount = .seconds(300)

    init(server: String, token: String?) throws {
        guard let url = URL(string: server), let scheme = url.scheme?.lowercased(), ["http", "https"].contains(scheme),
            url.host != nil
        else { throw TallyError.invalid(field: "URL", reason: "'\(server)' is not an http:// or https:// address") }
        baseURL = url
        self.token = token
    }

    /// Sends `body` (nil: a GET) to `path` under `/api/v1` and returns the answer's body.
    func send(_ path: String, body: Data?, expecting status: Int = 200) async throws -> Data {
        let url = baseURL.appendingPathComponent("api/v1").appendingPathComponent(path)
        return try await perform(url, body: body, type: "application/json", path: path, expecting: status) ?? Data()
    }

    /// Uploads an image's bytes (`POST /api/v1/images`); the server keeps them under their content hash.
    func upload(image data: Data) async throws {
        let url = baseURL.appendingPathComponent("api/v1/images")
        _ = try await perform(url, body: data, type: "application/octet-stream", path: "images", expecting: 201)
    }

    /// The bytes of the image called `name` (`GET /images/NAME`), or nil when the server has none.
    func download(image name: String) async throws -> Data? {
        let url = baseURL.appendingPathComponent("images").appendingPathComponent(name)
        return try await perform(url, body: nil, type: nil, path: "images/\(name)", expecting: 200, missing: 404)
    }

    /// Sends `body` (nil: a GET) to `url` with the token and a time limit; returns the body of an answer
    /// with `status`, nil for one with `missing`, and throws for anything else.
    private func perform(
        _ url: URL, body: Data?, type: String?, path: String, expecting status: Int, missing: Int? = nil
    )
        async throws -> Data?
    {
        var request = HTTPClientRequest(url: url.absoluteString)
        request.headers.add(name: "Accept", value: "application/json")
        if let token { request.headers.add(name: "Authorization", value: "Bearer \(token)") }
        if let body {
            request.method = .POST
            request.body = .bytes(ByteBuffer(bytes: body))
            if let type { request.headers.add(name: "Content-Type", value: type) }
        }
        let code: Int
        let data: Data
        do {
            let response = try await Self.client.execute(request, timeout: timeout)
            code = Int(response.status.code)
            data = Data(try await response.body.collect(upTo: Self.largestAnswer).readableBytesView)
        } catch {
            throw SyncTransportError.unreachable("\(baseURL.absoluteString): \(Self.reason(error))")
        }
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

    /// Why a request got no answer, in words: a refused connection, a time limit, or the error itself.
    private static func reason(_ error: any Error) -> String {
        if let error = error as? HTTPClientError {
            switch error {
            case .deadlineExceeded, .readTimeout, .connectTimeout: return "no answer in time"
            default: break
            }
        }
        let text = String(describing: error)
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
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
