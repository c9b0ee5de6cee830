import Foundation
import TallyCore

/// What a widget shows: today's water against the goal, the bathroom count, and the presets it offers.
public struct WidgetStatus: Sendable {
    public let water: WaterDayTotal
    public let unit: VolumeUnit
    public let bathroomCount: Int
    public let presetsML: [Double]

    public var day: LocalDay { water.day }
}
