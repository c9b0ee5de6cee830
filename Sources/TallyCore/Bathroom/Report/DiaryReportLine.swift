/// One figure of the report as words: what it is, its value, and what it rests on (or why it is withheld).
public struct DiaryReportLine: Hashable, Sendable {
    public let label: String
    public let value: String
    public let basis: String
    public let isWithheld: Bool
}
