import Foundation
import PostgresNIO
import TallyCore
import TallyStorage

/// Share links of the bladder diary report: see ``DiaryShareStore``.
extension PostgresStore: DiaryShareStore {
    static let diaryShareColumns = "id, owner_id, digest, from_day, to_day, created_ms, expires_ms, last_opened_ms"

    public func createDiaryShare(_ link: DiaryShareLink) async throws {
        try await execute(
            """
            INSERT INTO diary_shares (id, owner_id, digest, from_day, to_day, created_ms, expires_ms, last_opened_ms)
            VALUES (\(link.id), \(link.owner), \(link.digest), \(link.from.description), \(link.to.description),
                \(link.createdAt.millisecondsSince1970), \(link.expiresAt.millisecondsSince1970),
                \(link.lastOpenedAt?.millisecondsSince1970))
            """)
    }

    public func diaryShares(owner: UUID) async throws -> [DiaryShareLink] {
        try await rows(
            """
            SELECT \(unescaped: Self.diaryShareColumns) FROM diary_shares WHERE owner_id = \(owner)
            ORDER BY created_ms DESC, id
            """
        ).map(DiaryShareLink.init(row:))
    }

    public func diaryShare(digest: String) async throws -> DiaryShareLink? {
        try await rows("SELECT \(unescaped: Self.diaryShareColumns) FROM diary_shares WHERE digest = \(digest)")
            .first.map(DiaryShareLink.init(row:))
    }

    public func touchDiaryShare(id: UUID, at instant: Date) async throws {
        try await execute("UPDATE diary_shares SET last_opened_ms = \(instant.millisecondsSince1970) WHERE id = \(id)")
    }

    public func deleteDiaryShare(id: UUID, owner: UUID) async throws -> Bool {
        try await !rows("DELETE FROM diary_shares WHERE id = \(id) AND owner_id = \(owner) RETURNING 1").isEmpty
    }
}

extension DiaryShareLink {
    init(row: PostgresRow) throws {
        let cells = row.makeRandomAccess()
        guard let from = LocalDay(try cells[3].decode(String.self)), let to = LocalDay(try cells[4].decode(String.self))
        else { throw StoreFault.corrupt("diary_shares") }
        self.init(
            id: try cells[0].decode(UUID.self), owner: try cells[1].decode(UUID.self),
            digest: try cells[2].decode(String.self), from: from, to: to,
            createdAt: Date(millisecondsSince1970: try cells[5].decode(Int64.self)),
            expiresAt: Date(millisecondsSince1970: try cells[6].decode(Int64.self)),
            lastOpenedAt: try cells[7].decode(Int64?.self).map { Date(millisecondsSince1970: $0) })
    }
}
