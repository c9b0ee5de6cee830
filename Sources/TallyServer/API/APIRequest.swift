import Hummingbird
import TallyCore
import TallyServices

/// The request an API operation serves. The generated handlers see only the HTTP request, not the
/// router's context, so the API's groups bind their context here around each operation (``Binding``),
/// as swift-openapi-generator advises for request-scoped values; ``TallyAPI`` reads it back. Nothing
/// else reads it: pages and the services get the person and the time as arguments.
enum APIRequest {
    @TaskLocal static var signedIn: SignedInContext?
    @TaskLocal static var visitor: TallyRequestContext?

    /// The signed-in context of the operation being served. Only operations the document marks as open
    /// run without one, and they do not ask.
    static func context() throws(TallyError) -> SignedInContext {
        guard let signedIn else { throw TallyError.unauthorized("sign in first") }
        return signedIn
    }

    /// Binds a signed-in group's context for its operations.
    struct Binding: RouterMiddleware {
        typealias Context = SignedInContext

        func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            try await APIRequest.$signedIn.withValue(context) { try await next(request, context) }
        }
    }

    /// Binds an open group's context (the peer's address, for the log-in throttle).
    struct VisitorBinding: RouterMiddleware {
        typealias Context = TallyRequestContext

        func handle(
            _ request: Request, context: Context, next: (Request, Context) async throws -> Response
        ) async throws -> Response {
            try await APIRequest.$visitor.withValue(context) { try await next(request, context) }
        }
    }
}
