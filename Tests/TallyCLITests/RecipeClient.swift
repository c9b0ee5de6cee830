import Foundation

#if canImport(FoundationNetworking)
    import FoundationNetworking
#endif

/// Sends requests to a real server as Home Assistant or a Shortcut would: exactly the method, headers and
/// body given, no cookies kept, and redirects not followed (so a 303 is seen as a 303).
final class RecipeClient: NSObject, URLSessionTaskDelegate, @unchecked Sendable {
    struct Answer {
        var status: Int
        var headers: [String: String]
        var body: Data

        var text: String { String(decoding: body, as: UTF8.self) }
        func json() throws -> [String: Any] {
            try JSONSerialization.jsonObject(with: body) as? [String: Any] ?? [:]
        }
    }

    let base: String
    /// What the doc's placeholders stand for here (`YOUR_TOKEN`, `WIDGET_SECRET`, ...).
    var values: [String: String] = [:]
    private lazy var session: URLSession = {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.httpShouldSetCookies = false
        return URLSession(configuration: configuration, delegate: self, delegateQueue: nil)
    }()

    init(base: String) {
        self.base = base
    }

    /// The doc's placeholders replaced by their values here.
    func filled(_ text: String) -> String {
        values.reduce(text) { $0.replacingOccurrences(of: $1.key, with: $1.value) }
    }

    func send(_ request: AutomationDoc.Request) -> Answer {
        send(
            request.method, filled(request.target),
            headers: request.headers.filter { $0.name != "Host" }.map { ($0.name, filled($0.value)) },
            body: request.body.map(filled))
    }

    func send(_ method: String, _ target: String, headers: [(String, String)] = [], body: String? = nil) -> Answer {
        var request = URLRequest(url: URL(string: base + target)!)
        request.httpMethod = method
        for (name, value) in headers { request.setValue(value, forHTTPHeaderField: name) }
        request.httpBody = body.map { Data($0.utf8) }
        let done = DispatchSemaphore(value: 0)
        nonisolated(unsafe) var answer = Answer(status: 0, headers: [:], body: Data())
        session.dataTask(with: request) { data, response, _ in
            if let response = response as? HTTPURLResponse {
                var headers: [String: String] = [:]
                for (name, value) in response.allHeaderFields {
                    headers[String(describing: name).lowercased()] = String(describing: value)
                }
                answer = Answer(status: response.statusCode, headers: headers, body: data ?? Data())
            }
            done.signal()
        }.resume()
        done.wait()
        return answer
    }

    func urlSession(
        _ session: URLSession, task: URLSessionTask, willPerformHTTPRedirection response: HTTPURLResponse,
        newRequest request: URLRequest, completionHandler: @escaping (URLRequest?) -> Void
    ) {
        completionHandler(nil)
    }
}
