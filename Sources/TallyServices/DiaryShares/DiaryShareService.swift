import Foundation
import TallyCore
import TallyStorage

/// A person's share links of their bladder diary report (``DiaryShareLink``): made for a period of diary
/// days with an expiry, listed with when each was last opened, revoked at once. The secret is returned
/// once, when the link is made; the store keeps its digest.
public struct DiaryShareService: Sendable {
    public let scope: UserScope
    let store: any DiaryShareStore

    public init(scope: UserScope, store: any DiaryShareStore) {
        self.scope = scope
        self.store = store
    }

    /// A new link to the report of the diary days `from...to`, open for `days` days of 24 hours from now
    /// (a link made for 14 days closes 14 x 24 h later, an hour earlier or later on the wall clock when
    /// the clocks changed meanwhile); returns it with the secret its address carries.
    public func create(
        from: LocalDay, to: LocalDay, days: Int = DiaryShareLink.defaultDays
    ) async throws -> (link: DiaryShareLink, secret: String) {
        try BathroomService.checkRange(from: from, to: to)
        let days = try DiaryShareLink.parseDays(days)
        let now = scope.clock.now()
        let secret = SecretToken.make()
        let link = DiaryShareLink(
            id: scope.ids.newID(at: now), owner: scope.owner, digest: SecretToken.digest(secret), from: from, to: to,
            createdAt: now,
            expiresAt: now.addingTimeInterval(Double(days) * 86_400))
        try await store.createDiaryShare(link)
        return (link, secret)
    }

    /// A new link as the draft asks (the page, the API and the CLI all make links through this), with the
    /// secret its address carries.
    public func create(_ draft: DiaryShareDraft) async throws -> (link: DiaryShareLink, secret: String) {
        let asked = try draft.checked()
        return try await create(from: asked.from, to: asked.to, days: asked.days)
    }

    /// The person's links, newest first, expired ones included until revoked.
    public func links() async throws -> [DiaryShareLink] {
        try await store.diaryShares(owner: scope.owner)
    }

    /// Revokes the link with this id, in either case (its address answers 404 from now on); a link that is
    /// not the person's is not found. Returns the id as every edge shows it (``UUID/text``, upper case).
    @discardableResult
    public func revoke(id text: String) async throws -> String {
        guard let id = UUID(text: text), try await store.deleteDiaryShare(id: id, owner: scope.owner) else {
            throw TallyError.notFound(kind: "share link", id: text)
        }
        return id.text
    }

    /// The link whose address carries `secret`, if it is still open, recorded as opened now; a link that
    /// expired, was revoked or never existed is not found, alike.
    public static func open(
        secret: String, store: any DiaryShareStore, clock: any WallClock
    ) async throws
        -> DiaryShareLink
    {
        let now = clock.now()
        guard !secret.isEmpty, let link = try await store.diaryShare(digest: SecretToken.digest(secret)),
            link.isOpen(at: now)
        else { throw TallyError.notFound(kind: "shared diary", id: "this link") }
        try await store.touchDiaryShare(id: link.id, at: now)
        return link
    }
}
