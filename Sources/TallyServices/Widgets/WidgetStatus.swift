import Foundation
import TallyCore

/// What a widget shows: today's water against the goal, the bathroom count, and the presets it offers.
public struct WidgetStatus: Sendable {
    public let water: WaterDayTotal
    public let unit: VolumeUnit
    public let bathroomCount: Int
    public let presetsML: [Double]
    /// This week against the weekly goal; nil while none is set.
    public let week: WaterPeriodProgress?

    /// What today must hold to keep the weekly goal's pace, when that is more than the daily goal
    /// (``WaterPaceTarget``); nil otherwise.
    public var todayNeedsML: Double? {
        let target = WaterPaceTarget.target(
            on: water.day, dailyGoalML: water.goalML, week: week, todayTotalML: water.totalML)
        return target > water.goalML ? target : nil
    }

    public var day: LocalDay { water.day }
}
