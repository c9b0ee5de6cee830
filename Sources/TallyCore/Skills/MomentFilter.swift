import Foundation

/// Which moments a list shows (B-015): a date range and a category, each optional.
public struct MomentFilter: Hashable, Sendable {
    public var from: LocalDay?
    public var to: LocalDay?
    public var category: MomentCategory?
    public var skillID: UUID?

    public init(from: LocalDay? = nil, to: LocalDay? = nil, category: MomentCategory? = nil, skillID: UUID? = nil) {
        self.from = from
        self.to = to
        self.category = category
        self.skillID = skillID
    }

    /// Checks the range reads forwards.
    public func validated() throws(TallyError) -> MomentFilter {
        if let from, let to, to < from { throw .invalid(field: "to", reason: "\(to) is before \(from)") }
        return self
    }

    /// The moments that pass, newest day first.
    public func apply(_ moments: [MemorableMoment]) -> [MemorableMoment] {
        moments.filter { moment in
            !moment.meta.isDeleted && from.map { moment.day >= $0 } ?? true && to.map { moment.day <= $0 } ?? true
                && category.map { moment.category == $0 } ?? true && skillID.map { moment.skillID == $0 } ?? true
        }.sorted { ($0.day, $0.meta.createdAt) > ($1.day, $1.meta.createdAt) }
    }
}
