import Foundation
import HTTPTypes
import OpenAPIRuntime
import TallyCore

/// An error as a client should see it: status, a short title and a detail naming what was wrong.
/// Every error meets HTTP here, once, whether it is answered as problem+json or as an HTML page.
struct HTTPProblem: Error, Sendable {
    var status: HTTPResponse.Status
    var title: String
    var detail: String
    /// Seconds until a throttled request may be tried again (the `Retry-After` header).
    var retryAfter: Int?
    /// The methods a 405's target answers (the `Allow` header); every method Tally answers when nil.
    var allow: String?

    init(status: HTTPResponse.Status, detail: String, retryAfter: Int? = nil) {
        self.status = status
        self.title = status.reasonPhrase
        self.detail = detail
        self.retryAfter = retryAfter
    }

    /// Maps any error. Unknown errors are the server's fault and say nothing about its insides.
    init(_ error: any Error) {
        switch error {
        case let problem as HTTPProblem:
            self = problem
        case let error as TallyError:
            switch error {
            case .notFound: self.init(status: .notFound, detail: error.description)
            case .invalid, .unreadable: self.init(status: .badRequest, detail: error.description)
            case .unauthorized: self.init(status: .unauthorized, detail: error.description)
            case .forbidden: self.init(status: .forbidden, detail: error.description)
            case .conflict: self.init(status: .conflict, detail: error.description)
            case .tooManyAttempts(let seconds):
                self.init(status: .tooManyRequests, detail: error.description, retryAfter: seconds)
            case .unavailable(let reason):
                self.init(status: .serviceUnavailable, detail: Self.publicReason(reason), retryAfter: 5)
            }
        case let error as ServerError:
            // The generated server could not read the request (it never reached a handler), or a
            // handler threw a domain error.
            if error.operationInput == nil {
                self.init(status: .badRequest, detail: Self.requestProblem(error, hasBody: error.requestBody != nil))
            } else {
                self.init(error.underlyingError)
            }
        case let error as DecodingError:
            self.init(status: .badRequest, detail: "the body is not valid: \(Self.summary(error))")
        default:
            self.init(status: .internalServerError, detail: "something went wrong on the server")
        }
    }

    /// Why a request could not be served now, as anyone may read it: a database that cannot be reached is
    /// named as such, never by its host and port (the log has those).
    static func publicReason(_ reason: String) -> String {
        reason.contains("PostgreSQL") ? "Tally's database cannot be reached just now: try again in a moment" : reason
    }

    private static func requestProblem(_ error: ServerError, hasBody: Bool) -> String {
        let part = hasBody ? "the body" : "the request"
        var underlying: any Error = error.underlyingError
        // The runtime wraps decoding errors in its own types; look for the decoding error inside.
        for _ in 0..<4 {
            if let decoding = underlying as? DecodingError { return "\(part) is not valid: \(summary(decoding))" }
            guard let next = Mirror(reflecting: underlying).children.compactMap({ $0.value as? any Error }).first
            else { break }
            underlying = next
        }
        return error.causeDescription
    }

    private static func summary(_ error: DecodingError) -> String {
        switch error {
        case .dataCorrupted(let context) where context.codingPath.isEmpty && context.underlyingError != nil:
            "it is not JSON"
        default: error.summary
        }
    }
}
