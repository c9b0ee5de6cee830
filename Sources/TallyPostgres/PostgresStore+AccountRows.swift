import Foundation
import PostgresNIO
import TallyCore

/// Accounts read from rows. Each type names the columns it reads, in the order it decodes them, so a query
/// and its decoding cannot drift apart. A type's columns may start anywhere in a row, so one query can
/// join a token or a session to its user.
extension UserAccount {
    static let columnNames = ["id", "name", "is_admin", "password_hash", "created_ms"]

    init(row: PostgresRow) throws { try self.init(row.makeRandomAccess(), from: 0) }

    init(_ cells: PostgresRandomAccessRow, from start: Int) throws {
        self.init(
            id: try cells[start].decode(UUID.self), name: try cells[start + 1].decode(String.self),
            isAdmin: try cells[start + 2].decode(Bool.self), passwordHash: try cells[start + 3].decode(String.self),
            createdAt: Date(millisecondsSince1970: try cells[start + 4].decode(Int64.self)))
    }
}

extension LoginSession {
    static let columnNames = ["digest", "user_id", "csrf_token", "created_ms", "expires_ms", "remember"]

    init(row: PostgresRow) throws { try self.init(row.makeRandomAccess(), from: 0) }

    init(_ cells: PostgresRandomAccessRow, from start: Int) throws {
        self.init(
            digest: try cells[start].decode(String.self), userID: try cells[start + 1].decode(UUID.self),
            csrfToken: try cells[start + 2].decode(String.self),
            createdAt: Date(millisecondsSince1970: try cells[start + 3].decode(Int64.self)),
            expiresAt: Date(millisecondsSince1970: try cells[start + 4].decode(Int64.self)),
            remember: try cells[start + 5].decode(Bool.self))
    }
}

extension AccessToken {
    static let columnNames = ["id", "user_id", "name", "digest", "created_ms", "last_used_ms"]

    init(row: PostgresRow) throws { try self.init(row.makeRandomAccess(), from: 0) }

    init(_ cells: PostgresRandomAccessRow, from start: Int) throws {
        self.init(
            id: try cells[start].decode(UUID.self), userID: try cells[start + 1].decode(UUID.self),
            name: try cells[start + 2].decode(String.self), digest: try cells[start + 3].decode(String.self),
            createdAt: Date(millisecondsSince1970: try cells[start + 4].decode(Int64.self)),
            lastUsedAt: try cells[start + 5].decode(Int64?.self).map { Date(millisecondsSince1970: $0) })
    }
}

/// An account row type: its columns, plain or qualified by a table's alias in a join, and its decoding
/// from wherever its columns start in a row.
protocol AccountRow {
    static var columnNames: [String] { get }
    init(_ cells: PostgresRandomAccessRow, from start: Int) throws
}

extension AccountRow {
    static var columns: String { columnNames.joined(separator: ", ") }
    static var columnCount: Int { columnNames.count }
    static func columns(of alias: String) -> String { columnNames.map { alias + "." + $0 }.joined(separator: ", ") }
}

extension UserAccount: AccountRow {}
extension LoginSession: AccountRow {}
extension AccessToken: AccountRow {}
