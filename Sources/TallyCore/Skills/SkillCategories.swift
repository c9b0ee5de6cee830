import Foundation

/// Every category a user can file a skill under: the eight predefined ones and their own.
public struct SkillCategories: Sendable {
    /// A category as every view shows it.
    public struct Entry: Hashable, Sendable {
        /// The predefined raw value or the custom category's id.
        public let key: String
        public let name: String
        public let colour: String
        public let icon: SkillIcon
        public let isCustom: Bool
    }

    public let entries: [Entry]

    public init(custom: [SkillCategory]) {
        let predefined = PredefinedSkillCategory.allCases.map {
            Entry(key: $0.rawValue, name: $0.name, colour: $0.colour, icon: $0.icon, isCustom: false)
        }
        let own = custom.filter { !$0.meta.isDeleted }.sorted { $0.name < $1.name }.map {
            Entry(key: $0.id.text, name: $0.name, colour: $0.colour, icon: $0.icon, isCustom: true)
        }
        entries = predefined + own
    }

    /// The category with this key or name (any case); an unknown one is an error naming `field`.
    public func resolve(_ text: String, field: String = "category") throws(TallyError) -> Entry {
        let wanted = text.trimmingCharacters(in: .whitespaces)
        if let entry = entries.first(where: { $0.key.caseInsensitiveCompare(wanted) == .orderedSame }) {
            return entry
        }
        if let entry = entries.first(where: { $0.name.caseInsensitiveCompare(wanted) == .orderedSame }) {
            return entry
        }
        throw .invalid(field: field, reason: "'\(text)' is not a category; add it first or use one of \(namesList)")
    }

    /// The entry for a stored key; a key whose custom category was deleted shows as "Custom Category".
    public func entry(for key: String) -> Entry {
        entries.first { $0.key == key } ?? entries.first { $0.key == PredefinedSkillCategory.custom.rawValue }!
    }

    private var namesList: String { entries.map(\.key).joined(separator: ", ") }
}
