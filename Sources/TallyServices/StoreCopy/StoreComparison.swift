import Foundation
import TallyCore
import TallyStorage

/// Two stores side by side after a copy: for each person, how many records of each kind each holds
/// (tombstones included) and whether they are the same versions, and the same for their pictures, tokens,
/// channels and diary share links.
public struct StoreComparison: Hashable, Codable, Sendable {
    /// One person's one kind of thing in both stores.
    public struct Row: Hashable, Codable, Sendable {
        public var person: String
        /// A record kind's identifier, or `images`, `tokens`, `channels`, `diary shares`.
        public var kind: String
        public var source: Int
        public var target: Int
        /// The same things in both: for records, the same ids at the same versions (their sync digests).
        public var equal: Bool
    }

    public var rows: [Row]

    /// Whether every row is equal.
    public var isEqual: Bool { rows.allSatisfy(\.equal) }

    static func compare(
        _ source: any TallyStore, _ target: any TallyStore, people: [UserAccount]
    ) async throws -> StoreComparison {
        var rows: [Row] = []
        for person in people {
            let owner = person.id
            let theirs = try await Tally.of(source, owner), ours = try await Tally.of(target, owner)
            for kind in RecordKinds.all.map({ $0.kind.id }) {
                let left = theirs.records[kind] ?? .empty, right = ours.records[kind] ?? .empty
                rows.append(
                    Row(person: person.name, kind: kind, source: left.count, target: right.count, equal: left == right))
            }
            for (kind, left, right) in [
                ("images", theirs.images, ours.images), ("tokens", theirs.tokens, ours.tokens),
                ("channels", theirs.channels, ours.channels), ("diary shares", theirs.diaryShares, ours.diaryShares),
            ] {
                rows.append(
                    Row(person: person.name, kind: kind, source: left.count, target: right.count, equal: left == right))
            }
        }
        return StoreComparison(rows: rows)
    }

    /// What one store holds of one person, reduced to what the comparison needs.
    private struct Tally {
        struct Sum: Equatable {
            var count = 0
            var hash: UInt64 = 0
            static let empty = Sum()
        }

        var records: [String: Sum] = [:]
        var images: Set<String>
        var tokens: Set<String>
        var channels: Set<String>
        /// Each link's digest, period and expiry: a link copied with other days or another lifetime differs.
        var diaryShares: Set<String>

        static func of(_ store: any TallyStore, _ owner: UUID) async throws -> Tally {
            var tally = Tally(
                images: Set(try await store.imageNames(owner: owner)),
                tokens: Set(try await store.tokens(userID: owner).map(\.digest)),
                channels: Set(try await store.channels(owner: owner).map { "\($0.id) \($0.secret ?? "")" }),
                diaryShares: Set(
                    try await store.diaryShares(owner: owner).map {
                        "\($0.digest) \($0.from) \($0.to) \($0.expiresAt.millisecondsSince1970)"
                    }))
            for digest in try await store.digests(owner: owner) {
                var sum = tally.records[digest.bucket.kind] ?? .empty
                sum.count += digest.count
                sum.hash &+= digest.hash
                tally.records[digest.bucket.kind] = sum
            }
            return tally
        }
    }
}
