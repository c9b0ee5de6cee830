import Foundation

/// Where a newest-first page of timed records (water entries, bathroom events) stopped: the instant and id
/// of the last record it gave. Its text, `1795356000000.3F2504E0-4F89-11D3-9A0C-0305E82C3301`, is what an
/// API client sends back as `before` for the next page; records at one instant are ordered by id.
public struct RecordCursor: Hashable, Sendable {
    public let millis: Int64
    public let id: UUID

    public init(millis: Int64, id: UUID) {
        self.millis = millis
        self.id = id
    }

    public init(at instant: Date, id: UUID) {
        self.init(millis: instant.millisecondsSince1970, id: id)
    }

    /// Reads the text ``text`` writes; anything else is refused naming `field`.
    public init(parsing text: String, field: String = "before") throws(TallyError) {
        let parts = text.split(separator: ".", maxSplits: 1)
        guard parts.count == 2, let millis = Int64(parts[0]), let id = UUID(text: parts[1]) else {
            throw .invalid(
                field: field, reason: "'\(text)' is not where a page ended: send the `next` of the page before")
        }
        self.init(millis: millis, id: id)
    }

    public var text: String { "\(millis).\(id.text)" }

    /// Whether a record at `instant` with `id` comes after this cursor, newest first (earlier, or at the
    /// same millisecond with a smaller id): the next page holds only such records.
    public func isFollowed(by instant: Date, id other: UUID) -> Bool {
        let millis = instant.millisecondsSince1970
        return millis != self.millis ? millis < self.millis : other.text < id.text
    }
}
