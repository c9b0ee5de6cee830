import Hummingbird

/// Refuses at once an import upload that says up front it is larger than the limit (4 GB unless
/// `tally serve --import-limit` says otherwise); the handler, which writes the body to disk as it
/// arrives, stops one that does not say so at the limit.
struct StreamedUploadLimit: RouterMiddleware {
    typealias Context = TallyRequestContext
    let limit: Int

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        if let length = request.headers[.contentLength].flatMap(Int.init), length > limit {
            throw StreamedUpload.tooLarge(limit)
        }
        return try await next(request, context)
    }
}
