import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import TallyCore

/// The HTTP client every channel posts through: no redirects (a channel's address is the one the user
/// gave), a refused connection reported at once, and each request given up after ``timeout``, so a slow
/// or dead endpoint holds up only itself.
public final class OutgoingHTTP: Sendable {
    public static let timeout: TimeAmount = .seconds(10)
    /// The client of the process, never shut down (like `HTTPClient.shared`).
    public static let shared = OutgoingHTTP()

    let client: HTTPClient
    let timeout: TimeAmount

    public init(timeout: TimeAmount = OutgoingHTTP.timeout) {
        var configuration = HTTPClient.Configuration(redirectConfiguration: .disallow)
        configuration.timeout = HTTPClient.Configuration.Timeout(connect: timeout, read: timeout)
        // A refused connection is an answer: say so at once (the notifier retries later) rather than try
        // again until the deadline, which kept a person pressing "Send a test" waiting for 10 s.
        configuration.connectionPool.retryConnectionEstablishment = false
        client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: configuration)
        self.timeout = timeout
    }

    public func shutdown() async {
        try? await client.shutdown()
    }

    /// POSTs `body` to `url` and says how it went: 2xx delivered, 404 and 410 `gone` when `goneMeansRemoved`,
    /// other 4xx refused, anything else (5xx, no answer, no connection) failed. Nothing reaches the client
    /// before it is checked: the address by ``ChannelURL`` (a stored one may predate that check; a port
    /// beyond 16 bits stops the process inside the socket layer), every header free of line breaks and NUL.
    func post(
        _ url: String, headers: [(String, String)], body: [UInt8], goneMeansRemoved: Bool = false
    ) async
        -> SendResult
    {
        let address: ChannelURL
        do {
            address = try ChannelURL(parsing: url)
        } catch {
            return .refused("the address is not valid: \(error.description)")
        }
        if let header = headers.first(where: { !Self.isHeaderText($0.0) || !Self.isHeaderText($0.1) }) {
            return .refused("the header \(header.0) holds a line break or a control character")
        }
        return await post(address, headers: headers, body: body, goneMeansRemoved: goneMeansRemoved)
    }

    private func post(
        _ address: ChannelURL, headers: [(String, String)], body: [UInt8], goneMeansRemoved: Bool
    ) async -> SendResult {
        let url = address.text
        var request = HTTPClientRequest(url: url)
        request.method = .POST
        for (name, value) in headers { request.headers.add(name: name, value: value) }
        request.body = .bytes(ByteBuffer(bytes: body))
        do {
            let response = try await client.execute(request, timeout: timeout)
            _ = try? await response.body.collect(upTo: 64 * 1024)
            let code = Int(response.status.code)
            let status = "HTTP \(code)"
            switch code {
            case 200..<300: return .delivered(status)
            case 404 where goneMeansRemoved, 410 where goneMeansRemoved: return .gone(status)
            case 408, 429: return .failed(status)
            case 400..<500: return .refused(status)
            default: return .failed(status)
            }
        } catch let error as HTTPClientError
            where error == .deadlineExceeded || error == .readTimeout
            || error == .connectTimeout
        {
            return .failed("no answer in \(timeout.nanoseconds / 1_000_000_000) s")
        } catch {
            return .failed("could not reach \(address.hostText): \(Self.reason(error))")
        }
    }

    /// Text a header may carry: no control characters (CR, LF and NUL among them) but the tab.
    private static func isHeaderText(_ text: String) -> Bool {
        text.utf8.allSatisfy { $0 >= 0x20 && $0 != 0x7f || $0 == 0x09 }
    }

    private static func reason(_ error: any Error) -> String {
        let text = String(describing: error)
        return text.count > 200 ? String(text.prefix(200)) + "…" : text
    }
}
