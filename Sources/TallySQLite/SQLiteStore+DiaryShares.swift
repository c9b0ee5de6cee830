import Foundation
import GRDB
import TallyCore
import TallyStorage

/// Share links of the bladder diary report: see ``DiaryShareStore``.
extension SQLiteStore {
    public func createDiaryShare(_ link: DiaryShareLink) async throws {
        try await pool.write { db in
            try db.execute(
                sql: """
                    INSERT INTO diary_shares (id, owner_id, digest, from_day, to_day, created_ms, expires_ms, last_opened_ms)
                    VALUES (?, ?, ?, ?, ?, ?, ?, ?)
                    """,
                arguments: [
                    link.id, link.owner, link.digest, link.from.description, link.to.description,
                    link.createdAt.millisecondsSince1970, link.expiresAt.millisecondsSince1970,
                    link.lastOpenedAt?.millisecondsSince1970,
                ])
        }
    }

    public func diaryShares(owner: UUID) async throws -> [DiaryShareLink] {
        try await pool.read { db in
            try Row.fetchAll(
                db, sql: "SELECT * FROM diary_shares WHERE owner_id = ? ORDER BY created_ms DESC, id",
                arguments: [owner]
            ).map(DiaryShareLink.init(row:))
        }
    }

    public func diaryShare(digest: String) async throws -> DiaryShareLink? {
        try await pool.read { db in
            try Row.fetchOne(db, sql: "SELECT * FROM diary_shares WHERE digest = ?", arguments: [digest])
                .map(DiaryShareLink.init(row:))
        }
    }

    public func touchDiaryShare(id: UUID, at instant: Date) async throws {
        try await pool.write { db in
            try db.execute(
                sql: "UPDATE diary_shares SET last_opened_ms = ? WHERE id = ?",
                arguments: [instant.millisecondsSince1970, id])
        }
    }

    public func deleteDiaryShare(id: UUID, owner: UUID) async throws -> Bool {
        try await pool.write { db in
            try db.execute(sql: "DELETE FROM diary_shares WHERE id = ? AND owner_id = ?", arguments: [id, owner])
            return db.changesCount > 0
        }
    }
}

extension DiaryShareLink {
    init(row: Row) throws {
        guard let id = row["id"] as UUID?, let owner = row["owner_id"] as UUID?,
            let from = LocalDay(row["from_day"] as String), let to = LocalDay(row["to_day"] as String)
        else { throw StoreFault.corrupt("diary_shares") }
        self.init(
            id: id, owner: owner, digest: row["digest"], from: from, to: to,
            createdAt: Date(millisecondsSince1970: row["created_ms"]),
            expiresAt: Date(millisecondsSince1970: row["expires_ms"]),
            lastOpenedAt: (row["last_opened_ms"] as Int64?).map { Date(millisecondsSince1970: $0) })
    }
}
