import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// `/shared-diary/{secret}`: the bladder diary report behind a share link, for a clinician or caregiver who
/// does not sign in. It shows the report of the link's period and nothing else (no navigation, no range
/// form); a link that expired, was revoked or never existed answers 404 alike.
struct SharedDiaryRoute {
    let scopes: UserScopes
    let templates: Templates

    static let prefix = "/shared-diary/"

    func page(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let secret = context.parameters.get("secret") ?? ""
        let link = try await DiaryShareService.open(secret: secret, store: scopes.store, clock: scopes.clock)
        let report = try await scopes.scope(for: link.owner).bathroom.report(from: link.from, to: link.to)
        return HTML.response(templates.render(DiaryReportView(report, toolbar: false), .bathroomReport, for: context))
    }
}
