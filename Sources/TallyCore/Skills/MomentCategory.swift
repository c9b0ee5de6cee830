import Foundation

/// What kind of moment it was (B-015).
public enum MomentCategory: String, Hashable, Codable, Sendable, CaseIterable {
    /// Completed goals.
    case achievement
    /// Significant progress markers.
    case milestone
    /// Major learning moments.
    case breakthrough
    /// Personal reflections.
    case personal

    public var name: String { rawValue.prefix(1).uppercased() + rawValue.dropFirst() }

    public static func parse(_ text: String, field: String = "category") throws(TallyError) -> MomentCategory {
        guard let category = MomentCategory(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            throw .invalid(
                field: field,
                reason: "'\(text)' is not a moment category: use achievement, milestone, breakthrough or personal")
        }
        return category
    }
}
