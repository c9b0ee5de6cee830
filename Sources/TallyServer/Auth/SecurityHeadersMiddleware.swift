import HTTPTypes
import Hummingbird

/// Headers on every response, errors included: a Content-Security-Policy that allows only this site's
/// own script file (no inline script), no framing, no MIME sniffing, and no full URLs in Referer. A group
/// whose pages are made to be framed (widgets) sets its own policy with ``framable``, which this keeps.
struct SecurityHeadersMiddleware: RouterMiddleware {
    typealias Context = TallyRequestContext

    static let contentSecurityPolicy = [
        "default-src 'self'", "script-src 'self'", "style-src 'self' 'unsafe-inline'", "img-src 'self' data:",
        "connect-src 'self'", "object-src 'none'", "base-uri 'none'", "form-action 'self'",
        "frame-ancestors 'none'",
    ].joined(separator: "; ")

    static let widgetPolicy = contentSecurityPolicy.replacingOccurrences(
        of: "frame-ancestors 'none'", with: "frame-ancestors *")

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        var response = try await next(request, context)
        response.headers[HTTPField.Name("X-Content-Type-Options")!] = "nosniff"
        response.headers[HTTPField.Name("Referrer-Policy")!] = "same-origin"
        if response.headers[Self.policy] == nil {
            response.headers[Self.policy] = Self.contentSecurityPolicy
            response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        }
        return response
    }

    static let policy = HTTPField.Name("Content-Security-Policy")!

    /// The policy of pages made to be framed by dashboards (widgets), for their group.
    struct Framable: RouterMiddleware {
        typealias Context = TallyRequestContext

        func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            // An error page (an unknown widget) keeps the usual policy: only a widget is made to be framed.
            var response = try await next(request, context)
            response.headers[policy] = widgetPolicy
            return response
        }
    }
}
