import Foundation

/// The name of one notification preference: a switch, a water rule, a skill's reminder time or an event's
/// lead time. Stored as its text (`water`, `waterQuiet`, `skillTime.<id>`); a name this version does not
/// know stays as written (`other`), so a later version's preference passes through unharmed.
public enum NotificationPreferenceName: Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral {
    case water, reminders, events, trackers, skills, diary
    case waterPerDay, waterGap, waterQuiet
    case skillTime(UUID)
    case eventLead(UUID)
    case other(String)

    /// The switches, one per kind of notification, in the order pages show them.
    public static let switches: [NotificationPreferenceName] = [
        .water, .reminders, .events, .trackers, .skills, .diary,
    ]

    static let fixed: [NotificationPreferenceName] = switches + [.waterPerDay, .waterGap, .waterQuiet]

    public init(_ text: String) {
        if let known = Self.fixed.first(where: { $0.description == text }) {
            self = known
        } else if let skill = Self.id(in: text, prefix: "skillTime.") {
            self = .skillTime(skill)
        } else if let event = Self.id(in: text, prefix: "eventLead.") {
            self = .eventLead(event)
        } else {
            self = .other(text)
        }
    }

    public init(stringLiteral text: String) { self.init(text) }

    public var description: String {
        switch self {
        case .water: "water"
        case .reminders: "reminders"
        case .events: "events"
        case .trackers: "trackers"
        case .skills: "skills"
        case .diary: "diary"
        case .waterPerDay: "waterPerDay"
        case .waterGap: "waterGap"
        case .waterQuiet: "waterQuiet"
        case .skillTime(let skill): "skillTime.\(skill.lowercaseText)"
        case .eventLead(let event): "eventLead.\(event.lowercaseText)"
        case .other(let text): text
        }
    }

    /// Letters, digits, dots and dashes, starting with a letter: what a later version may add.
    var isWellFormed: Bool {
        let name = description
        guard let first = name.unicodeScalars.first, name.utf8.count <= 80, first.properties.isAlphabetic,
            first.isASCII
        else { return false }
        return name.unicodeScalars.allSatisfy {
            $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || $0 == "." || $0 == "-")
        }
    }

    private static func id(in name: String, prefix: String) -> UUID? {
        guard name.hasPrefix(prefix) else { return nil }
        return UUID(text: String(name.dropFirst(prefix.count)))
    }
}
