import Foundation
import Hummingbird
import TallyCore
import TallyServices
import TallyStorage

/// `/bathroom/diary/shares`: the person's share links of their bladder diary report, for a clinician or a
/// caregiver. Making one shows its address once (only its digest is kept); each is listed with its period,
/// its expiry and when it was last opened, and revoked with one button.
struct DiarySharesPage {
    let scope: UserScope
    let templates: PageTemplates
    let store: any TallyStore
    let publicURL: URL?

    static let path = "/bathroom/diary/shares"

    struct View {
        let title = "Share the diary"
        let from: String
        let to: String
        let days: Int
        let newLink: String?
        let notice: String?
        let links: [Row]
    }

    struct Row {
        let id: String
        let period: String
        let expiry: String
        let lastOpened: String
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let notice = request.uri.queryParameters.get("done") == "revoked" ? "Link revoked: it no longer opens." : nil
        return HTML.response(templates.render(try await view(newLink: nil, notice: notice), .bathroomShares))
    }

    func create(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let made = try await service.create(DiaryShareDraft(from: form["from"], to: form["to"], days: form["days"]))
        let address = SiteRoot.of(request, publicURL: publicURL) + SharedDiaryRoute.prefix + made.secret
        let view = try await view(newLink: address, notice: nil)
        return HTML.response(templates.render(view, .bathroomShares))
    }

    func revoke(_ request: Request, _ context: SignedInContext) async throws -> Response {
        try await service.revoke(id: try context.parameters.require("id"))
        return HTML.redirect(to: "\(Self.path)?done=revoked")
    }

    private func view(newLink: String?, notice: String?) async throws -> View {
        let now = try await scope.now()
        let to = now.today.adding(days: -1)
        let rows = try await service.links().map { link in
            Row(
                id: link.id.text, period: "\(DayText.heading(link.from)) to \(DayText.heading(link.to))",
                expiry: (link.isOpen(at: now.instant) ? "open until " : "expired ") + local(link.expiresAt, now),
                lastOpened: link.lastOpenedAt.map { "last opened " + local($0, now) } ?? "never opened")
        }
        return View(
            from: to.adding(days: 1 - DiaryPage.defaultDays).description, to: to.description,
            days: DiaryShareLink.defaultDays, newLink: newLink, notice: notice, links: rows)
    }

    private func local(_ instant: Date, _ now: Now) -> String {
        now.zone.localDateTime(of: instant).minuteText.replacingOccurrences(of: "T", with: " ")
    }

    private var service: DiaryShareService {
        get { DiaryShareService(scope: scope, store: store) }
    }
}
