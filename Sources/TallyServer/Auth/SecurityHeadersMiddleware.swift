import HTTPTypes
import Hummingbird

/// Headers on every response, errors included: a Content-Security-Policy that allows only this site's
/// own script file (no inline script), no framing (but for widgets), no MIME sniffing, and no full URLs in Referer.
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
        // Widgets are made to be framed by dashboards; every other page refuses to be.
        if request.uri.path.hasPrefix(WidgetRoutes.prefix) {
            response.headers[HTTPField.Name("Content-Security-Policy")!] = Self.widgetPolicy
        } else {
            response.headers[HTTPField.Name("Content-Security-Policy")!] = Self.contentSecurityPolicy
            response.headers[HTTPField.Name("X-Frame-Options")!] = "DENY"
        }
        return response
    }
}
