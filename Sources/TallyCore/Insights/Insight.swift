import Foundation

/// One statement about how two trackers move together, with what it rests on. Never causal: it says what
/// went with what, how strongly, over how many days, or that there is not yet enough to say.
public struct Insight: Hashable, Sendable {
    public enum Topic: String, Hashable, Sendable, CaseIterable {
        case voidsPerLitre
        case eveningWaterAndNightVisits
        case moodAndSkills
        case moodAndWater
        case skillsAfterAGoodNight
    }

    public let topic: Topic
    public let title: String
    /// The statement, or what is needed before one can be made.
    public let statement: String
    /// The days (or nights) it rests on.
    public let sampleSize: Int
    /// How many it needs; the statement is withheld below this.
    public let needed: Int
    /// The correlation (Pearson's r), for the topics that are one.
    public let correlation: Double?

    public var isEnough: Bool { sampleSize >= needed }
}

/// How strong a correlation is, in plain words (Cohen's conventional bands).
public enum CorrelationStrength: String, Sendable {
    case none = "no clear"
    case weak
    case moderate
    case strong

    public init(_ r: Double) {
        switch abs(r) {
        case ..<0.1: self = .none
        case ..<0.3: self = .weak
        case ..<0.5: self = .moderate
        default: self = .strong
        }
    }
}
