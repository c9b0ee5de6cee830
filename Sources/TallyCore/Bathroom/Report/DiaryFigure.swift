/// One figure of a bladder diary report: its value, or the reason it is withheld, and how many voids it
/// rests on either way, so a reader can trace it.
public struct DiaryFigure: Hashable, Sendable {
    public let value: Double?
    /// The voids it rests on (or would rest on, when withheld).
    public let voids: Int
    /// Why there is no value, in the reader's words; nil when there is one.
    public let withheldReason: String?

    public static func shown(_ value: Double, voids: Int) -> DiaryFigure {
        DiaryFigure(value: value, voids: voids, withheldReason: nil)
    }

    public static func withheld(_ reason: String, voids: Int) -> DiaryFigure {
        DiaryFigure(value: nil, voids: voids, withheldReason: reason)
    }

    /// The value when both are shown, combined; else the first reason given.
    func combined(with other: DiaryFigure, voids: Int, _ combine: (Double, Double) -> Double?) -> DiaryFigure {
        guard let a = value else { return .withheld(withheldReason ?? "", voids: voids) }
        guard let b = other.value else { return .withheld(other.withheldReason ?? "", voids: voids) }
        guard let result = combine(a, b) else { return .withheld("it would divide by zero", voids: voids) }
        return .shown(result, voids: voids)
    }
}
