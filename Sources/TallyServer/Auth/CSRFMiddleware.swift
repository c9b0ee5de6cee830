import Foundation
import HTTPTypes
import Hummingbird
import TallyCore
import TallyServices

/// Refuses forged state-changing requests. A request riding on a browser's cookies (every form post,
/// and API calls made with a session) must come from this site, by `Sec-Fetch-Site` and `Origin`, and
/// carry the page's anti-forgery token as the `_csrf` form field or an `X-CSRF-Token` header.
/// Requests with a Bearer token carry no ambient credential and pass.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = TallyRequestContext

    static let field = "_csrf"
    static let header = HTTPField.Name("X-CSRF-Token")!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method) else { return try await next(request, context) }
        if case .token = RequestAuth.current?.credential { return try await next(request, context) }
        // An anonymous API call (trading a password for a token) involves no cookie to forge with.
        if RequestAuth.current == nil, PublicRoutes.isAPI(request.uri.path) { return try await next(request, context) }
        // A widget's preset rides on no cookie: its secret address and signature are the credential, and
        // dashboards on other sites post it.
        if request.uri.path.hasPrefix(WidgetRoutes.prefix) { return try await next(request, context) }
        guard Self.isSameOrigin(request) else {
            throw TallyError.forbidden("this form was sent from another site; open Tally and try again")
        }
        // A large upload is not gathered to find its token: the handler checks the form's first field
        // (``checkField(_:)``) before it keeps any of the file.
        if request.headers[Self.header] == nil, ImportPage.isUpload(request) { return try await next(request, context) }
        var request = request
        try Self.check(try await Self.token(in: &request))
        return try await next(request, context)
    }

    /// Whether a streamed upload must carry its token as the form's `_csrf` field: it rides on cookies
    /// and sent no `X-CSRF-Token` header (which this middleware checked already).
    static func needsField(_ request: Request) -> Bool {
        if case .token = RequestAuth.current?.credential { return false }
        return request.headers[header] == nil
    }

    /// Refuses a missing or wrong anti-forgery token.
    static func check(_ given: String?) throws {
        guard let expected = RequestAuth.formToken, let given, SecretToken.matches(given, expected) else {
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

    /// The token from the header, or from the form body (read here, and left for the handler to read).
    private static func token(in request: inout Request) async throws -> String? {
        if let header = request.headers[header] { return header }
        let type = request.headers[.contentType]?.lowercased() ?? ""
        if type.hasPrefix("application/x-www-form-urlencoded") {
            _ = try await request.collectBody(upTo: BodyLimitMiddleware.limit(for: request))
            return try await FormBody(request: request)[field]
        }
        if type.hasPrefix("multipart/form-data") {
            _ = try await request.collectBody(upTo: BodyLimitMiddleware.limit(for: request))
            return try await MultipartForm(request: request, maxBytes: BodyLimitMiddleware.limit(for: request))
                .fields[field]
        }
        return nil
    }
}
