import Foundation

/// The limits of the text fields of skills, categories and moments.
public enum SkillText {
    public static let maxName = 100
    public static let maxCategoryName = 40
    public static let maxDescription = 2_000
    public static let maxUnit = 20

    /// A name trimmed of surrounding spaces: not empty and at most `limit` characters.
    public static func name(_ text: String, field: String, limit: Int = maxName) throws(TallyError) -> String {
        try StoredText.check(text, field: field)
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty else { throw .invalid(field: field, reason: "must not be empty") }
        guard trimmed.count <= limit else {
            throw .invalid(field: field, reason: "is \(trimmed.count) characters; at most \(limit) fit")
        }
        return trimmed
    }

    /// Optional free text: trimmed, empty becomes nil, at most `limit` characters.
    public static func note(_ text: String?, field: String, limit: Int = maxDescription) throws(TallyError) -> String? {
        guard let trimmed = text?.trimmingCharacters(in: .whitespacesAndNewlines), !trimmed.isEmpty else {
            return nil
        }
        try StoredText.check(trimmed, field: field)
        guard trimmed.count <= limit else {
            throw .invalid(field: field, reason: "is \(trimmed.count) characters; at most \(limit) fit")
        }
        return trimmed
    }
}
