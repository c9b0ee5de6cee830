import Foundation
import TallyCore
import TallyServices

/// Share links of the diary report (`/bathroom/diary/shares`), through ``DiaryShareService`` and its
/// draft, as the share page and `tally pee share`.
extension TallyAPI {
    var diaryShareService: DiaryShareService {
        get throws { DiaryShareService(scope: try scope, store: diaryShares) }
    }

    func listDiaryShares(_ input: Operations.ListDiaryShares.Input) async throws -> Operations.ListDiaryShares.Output {
        let service = try diaryShareService
        let now = service.scope.clock.now()
        return .ok(.init(body: .json(.init(links: try await service.links().map { Self.diaryShare($0, now: now) }))))
    }

    func createDiaryShare(_ input: Operations.CreateDiaryShare.Input) async throws -> Operations.CreateDiaryShare.Output
    {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let service = try diaryShareService
        let made = try await service.create(
            DiaryShareDraft(from: body.from, to: body.to, days: body.days.map(String.init)))
        let path = SharedDiaryRoute.prefix + made.secret
        let root = publicURL.map { $0.absoluteString.trimmingCharacters(in: CharacterSet(charactersIn: "/")) }
        return .created(
            .init(
                body: .json(
                    .init(
                        link: Self.diaryShare(made.link, now: service.scope.clock.now()), secret: made.secret,
                        path: path, url: root.map { $0 + path }))))
    }

    func revokeDiaryShare(_ input: Operations.RevokeDiaryShare.Input) async throws -> Operations.RevokeDiaryShare.Output
    {
        try await diaryShareService.revoke(id: input.path.id)
        return .noContent(.init())
    }

    static func diaryShare(_ link: DiaryShareLink, now: Date) -> Components.Schemas.DiaryShare {
        .init(
            id: link.id.text, from: link.from.description, to: link.to.description, createdAt: link.createdAt,
            expiresAt: link.expiresAt, lastOpenedAt: link.lastOpenedAt, open: link.isOpen(at: now))
    }
}
