import Foundation

/// A category a user made (B-004): a name, a colour and an icon. Skills refer to it by its id.
public struct SkillCategory: Hashable, Codable, Sendable {
    public var meta: RecordMeta
    public var name: String
    /// `#RRGGBB`.
    public var colour: String
    public var icon: SkillIcon

    public init(meta: RecordMeta, name: String, colour: String, icon: SkillIcon) {
        self.meta = meta
        self.name = name
        self.colour = colour
        self.icon = icon
    }

    public var id: UUID { meta.id }

    /// The same category with its name and colour checked.
    public func validated() throws(TallyError) -> SkillCategory {
        var category = self
        category.name = try SkillText.name(name, field: "name", limit: SkillText.maxCategoryName)
        category.colour = try Self.checkedColour(colour)
        return category
    }

    /// `#RRGGBB` (upper-cased), or an error naming the field.
    public static func checkedColour(_ text: String, field: String = "colour") throws(TallyError) -> String {
        let trimmed = text.trimmingCharacters(in: .whitespaces).uppercased()
        guard trimmed.count == 7, trimmed.first == "#", trimmed.dropFirst().allSatisfy(\.isHexDigit) else {
            throw .invalid(field: field, reason: "'\(text)' is not a colour in the form #RRGGBB")
        }
        return trimmed
    }
}

extension SkillCategory: SyncedRecord {
    public static let kind = RecordKind(id: "skill category", name: "skill category", backupKey: "skillCategories")

    public func validated(in batch: RecordBatch) throws(TallyError) -> SkillCategory { try validated() }

    public static func backupOrder(_ lhs: SkillCategory, _ rhs: SkillCategory) -> Bool { lhs.meta.id < rhs.meta.id }
}
