import Foundation

/// How much of a task was done on a day (seed 004, B-014): nothing, some of it, or all of it.
/// Shown grey, light and dark in every view.
public enum CompletionLevel: String, Hashable, Codable, Sendable, CaseIterable, Comparable {
    case none
    case partial
    case full

    /// What the level counts for in percentages: a partial task is half a task.
    public var weight: Double {
        switch self {
        case .none: 0
        case .partial: 0.5
        case .full: 1
        }
    }

    public var rank: UInt8 {
        switch self {
        case .none: 0
        case .partial: 1
        case .full: 2
        }
    }

    public init(rank: UInt8) {
        self = rank >= 2 ? .full : rank == 1 ? .partial : .none
    }

    public static func < (lhs: CompletionLevel, rhs: CompletionLevel) -> Bool { lhs.rank < rhs.rank }

    /// Reads `none`, `partial` or `full` typed into `field`.
    public static func parse(_ text: String, field: String = "level") throws(TallyError) -> CompletionLevel {
        guard let level = CompletionLevel(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw .invalid(field: field, reason: "'\(text)' is not a level: use none, partial or full")
        }
        return level
    }
}
