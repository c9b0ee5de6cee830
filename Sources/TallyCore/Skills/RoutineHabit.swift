import Foundation

/// The four morning habits of the seed (B-011), each with its icon and colour.
public enum RoutineHabit: String, Hashable, Codable, Sendable, CaseIterable {
    case read = "read-10-pages"
    case stretch
    case trackWeight = "track-weight"
    case drinkWater = "drink-500ml-water"

    public var name: String {
        switch self {
        case .read: "Read 10 pages"
        case .stretch: "Stretch"
        case .trackWeight: "Track weight"
        case .drinkWater: "Drink 500ml water"
        }
    }

    /// The inline SVG symbol the web app draws (the seed's book.fill, figure.flexibility, scalemass, drop.fill).
    public var icon: String {
        switch self {
        case .read: "book"
        case .stretch: "stretch"
        case .trackWeight: "scale"
        case .drinkWater: "drop"
        }
    }

    /// Purple, blue, indigo and cyan.
    public var colour: String {
        switch self {
        case .read: "#9966E6"
        case .stretch: "#4D99FF"
        case .trackWeight: "#5C6BC0"
        case .drinkWater: "#1FB5C9"
        }
    }

    /// Reads a habit by id (`stretch`), by name (`Read 10 pages`) or by a word of it (`read`, `water`).
    public static func parse(_ text: String, field: String = "habit") throws(TallyError) -> RoutineHabit {
        let wanted = text.trimmingCharacters(in: .whitespaces).lowercased()
        if let habit = allCases.first(where: { $0.rawValue == wanted || $0.name.lowercased() == wanted }) {
            return habit
        }
        let words: [String: RoutineHabit] = ["read": .read, "weight": .trackWeight, "water": .drinkWater]
        if let habit = words[wanted] { return habit }
        let names = allCases.map(\.rawValue).joined(separator: ", ")
        throw .invalid(field: field, reason: "'\(text)' is not a morning habit: use one of \(names)")
    }
}
