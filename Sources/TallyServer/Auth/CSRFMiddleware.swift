import Foundation
import HTTPTypes
import Hummingbird
import TallyCore
import TallyServices

/// Refuses forged state-changing requests, on the groups whose requests may ride on a browser's
/// cookies (every form, and API calls made with a session): such a request must come from this site, by
/// `Sec-Fetch-Site` and `Origin`, and carry the page's anti-forgery token as the `_csrf` form field or an
/// `X-CSRF-Token` header. Requests with a Bearer token carry no ambient credential and pass, and so does a
/// visitor's API call (trading a password for a token), which has no cookie to forge with.
struct CSRFMiddleware: RouterMiddleware {
    typealias Context = TallyRequestContext
    static var field: String { CSRFField.name }
    static var header: HTTPField.Name { CSRFField.header }

    /// What the guarded routes take.
    enum Bodies {
        /// Forms and JSON, gathered already (``BodyLimitMiddleware``): the token is read from them.
        case gathered
        /// JSON only (the API): the token comes in the header.
        case json
        /// Files streamed to disk (imports): the token comes in the header, or the handler checks the
        /// form's first field (``CSRFField/check(_:expected:)``) before it keeps any of the file.
        case streamed
    }

    let bodies: Bodies

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard ![.get, .head, .options].contains(request.method) else { return try await next(request, context) }
        if context.caller.auth?.usesToken == true { return try await next(request, context) }
        if bodies == .json, context.caller.auth == nil { return try await next(request, context) }
        guard CSRFField.isSameOrigin(request) else {
            throw TallyError.forbidden("this form was sent from another site; open Tally and try again")
        }
        if bodies == .streamed, request.headers[Self.header] == nil { return try await next(request, context) }
        var request = request
        try CSRFField.check(try await Self.token(in: &request), expected: context.formToken)
        return try await next(request, context)
    }

    /// The token from the header, or from the form body (read here, and left for the handler to read).
    private static func token(in request: inout Request) async throws -> String? {
        if let header = request.headers[header] { return header }
        let type = request.headers[.contentType]?.lowercased() ?? ""
        if type.hasPrefix("application/x-www-form-urlencoded") {
            _ = try await request.collectBody(upTo: BodyLimitMiddleware.gatheredLimit)
            return try await FormBody(request: request)[field]
        }
        if type.hasPrefix("multipart/form-data") {
            _ = try await request.collectBody(upTo: BodyLimitMiddleware.gatheredLimit)
            return try await MultipartForm(request: request, maxBytes: BodyLimitMiddleware.gatheredLimit)
                .fields[field]
        }
        return nil
    }
}
