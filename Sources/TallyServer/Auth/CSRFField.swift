import Foundation
import HTTPTypes
import Hummingbird
import TallyCore
import TallyServices

/// The anti-forgery token's names and checks, shared by ``CSRFMiddleware`` and the streamed uploads that
/// check their form's first field themselves.
enum CSRFField {
    static let name = "_csrf"
    static let header = HTTPField.Name("X-CSRF-Token")!

    /// Whether a streamed upload must carry its token as the form's `_csrf` field: it rides on cookies
    /// and sent no `X-CSRF-Token` header (which ``CSRFMiddleware`` checked already).
    static func needsField(_ request: Request, context: SignedInContext) -> Bool {
        !context.auth.usesToken && request.headers[header] == nil
    }

    /// Refuses a missing or wrong anti-forgery token.
    static func check(_ given: String?, expected: String?) throws {
        guard let expected, let given, SecretToken.matches(given, expected) else {
            throw TallyError.forbidden("the form has expired; reload the page and try again")
        }
    }

    /// Browsers say where a request comes from; anything but this site (or a typed address) is refused.
    static func isSameOrigin(_ request: Request) -> Bool {
        if let site = request.headers[HTTPField.Name("Sec-Fetch-Site")!] {
            return site == "same-origin" || site == "none"
        }
        guard let origin = request.headers[.origin] else { return true }
        guard let host = request.head.authority, let url = URL(string: origin), let originHost = url.host else {
            return false
        }
        return originHost + (url.port.map { ":\($0)" } ?? "") == host
    }
}
