import PostgresNIO

/// A piece of SQL with its values, written like a `PostgresQuery` (`"... WHERE id = \(id)"`), that can be
/// run alone or become one part of a larger statement, its values numbered where they land. A write puts
/// several such parts in one `WITH` statement to save round trips to the database.
struct SQLPart: ExpressibleByStringInterpolation {
    fileprivate var segments: [(inout PostgresQuery.StringInterpolation) throws -> Void]

    init(stringLiteral value: String) {
        segments = [{ $0.appendLiteral(value) }]
    }

    init(stringInterpolation: StringInterpolation) {
        segments = stringInterpolation.segments
    }

    struct StringInterpolation: StringInterpolationProtocol {
        fileprivate var segments: [(inout PostgresQuery.StringInterpolation) throws -> Void] = []

        init(literalCapacity: Int, interpolationCount: Int) {
            segments.reserveCapacity(interpolationCount * 2 + 1)
        }

        mutating func appendLiteral(_ literal: String) {
            segments.append { $0.appendLiteral(literal) }
        }

        mutating func appendInterpolation<Value: PostgresThrowingDynamicTypeEncodable>(_ value: Value) {
            segments.append { try $0.appendInterpolation(value) }
        }

        mutating func appendInterpolation<Value: PostgresThrowingDynamicTypeEncodable>(_ value: Value?) {
            segments.append { try $0.appendInterpolation(value) }
        }

        mutating func appendInterpolation(unescaped text: String) {
            segments.append { $0.appendInterpolation(unescaped: text) }
        }

        /// Another part, its values numbered where they land.
        mutating func appendInterpolation(_ part: SQLPart) {
            segments.append(contentsOf: part.segments)
        }
    }

    /// `parts` one after another, `separator` between each two.
    init(joining parts: some Sequence<SQLPart>, separator: String) {
        segments = []
        for (index, part) in parts.enumerated() {
            if index > 0 { segments.append { $0.appendLiteral(separator) } }
            segments.append(contentsOf: part.segments)
        }
    }

    fileprivate func append(to query: inout PostgresQuery.StringInterpolation) throws {
        for segment in segments { try segment(&query) }
    }

    /// This part as a statement of its own.
    func query() throws -> PostgresQuery {
        try Self.statement(with: [], then: self)
    }

    /// One statement: every part in `parts` (each an `INSERT`, `UPDATE` or `DELETE`) as a named query of a
    /// `WITH` clause, then `main`. PostgreSQL runs each part exactly once, to completion, whether `main`
    /// reads it or not, all on one snapshot: no part may touch a row another part touches.
    static func statement(with parts: [SQLPart], then main: SQLPart) throws -> PostgresQuery {
        var query = PostgresQuery.StringInterpolation(literalCapacity: 512, interpolationCount: 16)
        for (index, part) in parts.enumerated() {
            query.appendLiteral(index == 0 ? "WITH part0 AS (" : ", part\(index) AS (")
            try part.append(to: &query)
            query.appendLiteral(") ")
        }
        try main.append(to: &query)
        return PostgresQuery(stringInterpolation: query)
    }
}
