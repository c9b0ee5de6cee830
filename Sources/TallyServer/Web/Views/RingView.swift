import Foundation
import TallyCore

/// The progress ring and the water filling inside it, as numbers the `ring` template draws. The
/// geometry is in SVG presentation attributes, so the page needs no inline style.
struct RingView {
    static let radius = 52.0
    static let circumference = 2 * Double.pi * radius
    /// The water level's travel inside the ring: from the bottom (empty) to the top (full).
    static let fillHeight = 92.0

    let total: String
    let goal: String
    let remaining: String
    let percent: Int
    let isGoalMet: Bool
    let label: String
    let circumference: String
    let dashOffset: String
    let fillShift: String

    init(_ total: WaterDayTotal, unit: VolumeUnit) {
        self.total = unit.number(total.totalML)
        goal = unit.format(total.goalML)
        remaining = total.isGoalMet ? "Goal met" : "\(unit.format(total.remainingML)) to go"
        percent = total.percent
        isGoalMet = total.isGoalMet
        label = "\(unit.format(total.totalML)) of \(goal), \(percent) percent"
        circumference = Self.number(Self.circumference)
        dashOffset = Self.number(Self.circumference * (1 - total.progress))
        fillShift = Self.number(Self.fillHeight * (1 - total.progress))
    }

    static func number(_ value: Double) -> String { String(format: "%.2f", value) }
}
