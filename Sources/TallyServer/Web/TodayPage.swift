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
    }

    func page(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let overview = try await TodayOverview(scope: scope)
        let water = try await scope.settings.current().water
        let unit = overview.unit
        let view = View(
            heading: DayText.heading(overview.day), count: overview.bathroom.events.count,
            ring: RingView(overview.water.summary, unit: unit),
            presets: WaterPages.Preset.all(water))
        return HTML.response(templates.render(view, "today"))
    }
}
