import Foundation

/// The checks the text fields of trackers, reminders and events share.
public enum DatesText {
    public static let maxTitleLength = 200
    public static let maxCategoryLength = 40
    public static let maxDescriptionLength = 2000

    /// A title trimmed, or an error when it is empty or too long.
    public static func title(_ text: String, field: String = "title") throws(TallyError) -> String {
        try required(text, field: field, limit: maxTitleLength)
    }

    /// A category trimmed, or an error when it is empty or too long.
    public static func category(_ text: String, field: String = "category") throws(TallyError) -> String {
        try required(text, field: field, limit: maxCategoryLength)
    }

    /// Optional text trimmed (blank becomes nil), or an error when it is too long.
    public static func optional(_ text: String?, field: String, limit: Int) throws(TallyError) -> String? {
        guard let text else { return nil }
        try StoredText.check(text, field: field)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard trimmed.count <= limit else {
            throw .invalid(field: field, reason: "is \(trimmed.count) characters long; the limit is \(limit)")
        }
        return trimmed.isEmpty ? nil : trimmed
    }

    private static func required(_ text: String, field: String, limit: Int) throws(TallyError) -> String {
        guard let trimmed = try optional(text, field: field, limit: limit) else {
            throw .invalid(field: field, reason: "is empty")
        }
        return trimmed
    }
}
