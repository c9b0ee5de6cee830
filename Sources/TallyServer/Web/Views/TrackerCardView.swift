import Foundation
import TallyCore

/// A tracker as a card on the list and the detail page.
struct TrackerCardView {
    let id: String
    let title: String
    let category: String
    let kind: String
    let isTill: Bool
    let display: String
    let amount: String
    let targetText: String
    let style: String
    let imageUrl: String?
    let arrived: Bool
    let targetMillis: Int64
    let unitsText: String

    init(_ tracker: DateTracker, now: Date) {
        let fields = tracker.fields
        let breakdown = tracker.breakdown(now: now)
        id = tracker.id.text
        title = fields.title
        category = fields.category
        kind = fields.type == .since ? "Since" : "Until"
        isTill = fields.type == .till
        display = RelativeTimeFormatter.string(breakdown)
        amount = RelativeTimeFormatter.amount(breakdown)
        let local = tracker.zone.localDateTime(of: fields.targetDate)
        targetText = DayText.heading(local.day) + (fields.allDay ? "" : " · \(local.timeOfDay)")
        style = MeshGradientStyle.css(fields.gradientConfig, theme: fields.colorTheme)
        imageUrl = fields.imageUrl
        arrived = tracker.hasArrived(now: now)
        targetMillis = fields.targetDate.millisecondsSince1970
        unitsText = fields.displayUnits.map(\.rawValue).joined(separator: ", ")
    }
}
