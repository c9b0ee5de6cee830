/// The home screen's greeting (B-006): by the hour on the user's wall clock, with a motivational line
/// that changes with the time of day and from day to day.
public struct Greeting: Hashable, Sendable {
    public enum Part: String, Hashable, Sendable {
        case morning, afternoon, evening
    }

    public let part: Part
    public let message: String

    /// 05:00-11:59 morning, 12:00-17:59 afternoon, 18:00-04:59 evening (the seed's bands).
    public static func part(hour: Int) -> Part {
        switch hour {
        case 5..<12: .morning
        case 12..<18: .afternoon
        default: .evening
        }
    }

    public init(at time: LocalDateTime, name: String? = nil) {
        part = Self.part(hour: time.hour)
        let lines = Self.messages[part]!
        let index = ((time.day.dayNumber % lines.count) + lines.count) % lines.count
        message = lines[index]
        self.name = name
    }

    let name: String?

    public var title: String {
        let base =
            switch part {
            case .morning: "Good Morning"
            case .afternoon: "Good Afternoon"
            case .evening: "Good Evening"
            }
        guard let name, !name.isEmpty else { return base }
        return "\(base), \(name)"
    }

    static let messages: [Part: [String]] = [
        .morning: [
            "A small step this morning counts.", "Start with one thing and let it carry you.",
            "Fresh day, fresh practice.",
        ],
        .afternoon: [
            "Keep the momentum going.", "Half the day left: room for one more practice.",
            "Progress, not perfection.",
        ],
        .evening: [
            "Wind down with one last small win.", "Look back at what you did today.",
            "Rest well; tomorrow you pick it up again.",
        ],
    ]
}
