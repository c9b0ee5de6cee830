import Foundation
import TallyCore

/// Every tracker's today at a glance: the bathroom count and the water ring.
public struct TodayOverview: Sendable {
    public let day: LocalDay
    public let bathroom: BathroomDay
    public let water: WaterDay
    public let unit: VolumeUnit

    public init(scope: UserScope) async throws {
        let now = try await scope.now()
        day = now.today
        bathroom = try await scope.bathroom.today()
        water = try await scope.water.today()
        unit = now.settings.water.unit
    }
}
