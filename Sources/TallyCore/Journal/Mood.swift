/// A day's mood, 1 (awful) to 5 (great), with the words and colour every view uses for it.
public enum Mood: Int, CaseIterable, Sendable {
    case awful = 1, bad, okay, good, great

    public init?(rating: Int) { self.init(rawValue: rating) }

    public var rating: Int { rawValue }

    public var name: String {
        switch self {
        case .awful: "Awful"
        case .bad: "Bad"
        case .okay: "Okay"
        case .good: "Good"
        case .great: "Great"
        }
    }

    public var emoji: String {
        switch self {
        case .awful: "😣"
        case .bad: "🙁"
        case .okay: "😐"
        case .good: "🙂"
        case .great: "😄"
        }
    }

    /// A red-to-green scale, readable on light and dark backgrounds.
    public var color: String {
        switch self {
        case .awful: "#E5484D"
        case .bad: "#F2994A"
        case .okay: "#E8C547"
        case .good: "#8BCF6A"
        case .great: "#30A46C"
        }
    }
}
