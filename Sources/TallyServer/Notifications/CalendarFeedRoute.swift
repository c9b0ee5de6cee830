import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// `/calendar/{secret}.ics`: a user's iCalendar feed, for calendar apps that subscribe by address and
/// cannot sign in. The secret is the credential; a rotated or revoked one answers 404.
struct CalendarFeedRoute {
    let scopes: UserScopes

    static let prefix = "/calendar/"

    /// The feed's address under `base`.
    static func url(secret: String, base: URL?) -> String {
        let root = base?.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) ?? ""
        return root + prefix + secret + ".ics"
    }

    func feed(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let file = context.parameters.get("file") ?? ""
        guard file.hasSuffix(".ics"), file.count == 68,
            let owner = try await scopes.store.owner(ofCalendarSecret: String(file.dropLast(4)))
        else { throw TallyError.notFound(kind: "calendar", id: "at this address (it may have been replaced)") }
        let scope = scopes.scope(for: owner)
        let feed = try await NotificationService(scope: scope, store: scopes.store).calendarFeed()
        return Response(
            status: .ok,
            headers: [
                .contentType: "text/calendar; charset=utf-8", .cacheControl: "private, max-age=300",
                .contentDisposition: "inline; filename=\"tally.ics\"",
            ],
            body: .init(byteBuffer: ByteBuffer(string: feed.text)))
    }
}
