import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Every tracker's today at a glance: the bathroom count and the water ring with its presets.
struct TodayPage: UserRoutes {
    let scopes: UserScopes
    let templates: Templates

    struct View {
        let title = "Today"
        let heading: String
        let count: Int
        let ring: RingView
        let presets: [WaterPages.Preset]
        /// The zone days are counted in while the person has not chosen one (the server's): the page's
        /// script offers the device's zone when it differs.
        let zoneOffer: String?
    }

    func page(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let overview = try await TodayOverview(scope: scope)
        let settings = try await scope.settings.current()
        let water = settings.water
        let unit = overview.unit
        let view = View(
            heading: DayText.heading(overview.day), count: overview.bathroom.events.count,
            ring: RingView(overview.water.summary, unit: unit),
            presets: WaterPages.Preset.all(water),
            zoneOffer: settings.timeZoneID == nil ? scopes.machineZone.identifier : nil)
        return HTML.response(templates.render(view, "today"))
    }
}
