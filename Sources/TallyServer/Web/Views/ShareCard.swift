import Foundation
import TallyCore

/// The share cards of seed 003, as standalone SVG images (1200×630, the size social sites preview):
/// one for a day's progress and one for a streak. They carry only the figures on them.
enum ShareCard {
    static func day(_ total: WaterDayTotal, unit: VolumeUnit) -> String {
        let ring = RingView(total, unit: unit)
        let headline = total.isGoalMet ? "Goal met!" : "\(total.percent)% of my water goal"
        return card(
            title: DayText.heading(total.day), headline: headline,
            detail: "\(unit.format(total.totalML)) of \(unit.format(total.goalML))", ring: ring)
    }

    /// This week against the weekly goal (offered while one is set; without one, the week's total).
    static func week(_ progress: WaterPeriodProgress, unit: VolumeUnit) -> String {
        // Without a goal the ring stays empty: a day's goal of the week's own total would fill it.
        let total = WaterDayTotal(
            day: progress.span.last, totalML: progress.goalML == nil ? 0 : progress.totalML,
            goalML: progress.goalML ?? 1)
        let headline =
            progress.goalML == nil
            ? "\(WaterPeriodText.large(progress.totalML, unit: unit)) this week"
            : progress.isMet ? "Weekly goal met!" : "\(progress.percent)% of my weekly water goal"
        return card(
            title: "Week of \(DayText.short(progress.span.first))", headline: headline,
            detail: WaterPeriodText.headline(progress, unit: unit, this: ""), ring: RingView(total, unit: unit))
    }

    static func streak(_ stats: WaterStats, goalML: Double, unit: VolumeUnit) -> String {
        let days = stats.currentStreak
        let total = WaterDayTotal(day: stats.today, totalML: days > 0 ? goalML : 0, goalML: goalML)
        let range = stats.currentStreakDays.map { "\(DayText.short($0.lowerBound)) – \(DayText.short($0.upperBound))" }
        return card(
            title: "Hydration streak",
            headline: days == 0
                ? "Starting a new streak"
                : days == 1 ? "1 day of meeting my water goal" : "\(days) days in a row of meeting my water goal",
            detail: range ?? "A new streak starts today", ring: RingView(total, unit: unit), big: String(days))
    }

    private static func card(
        title: String, headline: String, detail: String, ring: RingView, big: String? = nil
    )
        -> String
    {
        let e = HTMLText.escape
        // The headline wraps onto as many lines as it needs (the right half is 580 px wide, about 22
        // characters at this size), and the detail moves down with it: no words run off the card.
        let lines = wrap(headline, width: 22)
        let headlineLines = lines.enumerated().map { index, line in
            "<tspan x=\"580\" dy=\"\(index == 0 ? 0 : 54)\">\(e(line))</tspan>"
        }.joined()
        let headlineY = 290 - 27 * (lines.count - 1)
        let detailY = headlineY + 54 * (lines.count - 1) + 70
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" role="img" \
            aria-label="\(e(title)): \(e(headline)), \(e(detail))">
            <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">\
            <stop offset="0" stop-color="#1e6fd9"/><stop offset="1" stop-color="#0b3f86"/></linearGradient>\
            <clipPath id="inside"><circle cx="300" cy="315" r="170"/></clipPath></defs>
            <rect width="1200" height="630" fill="url(#bg)"/>
            <circle cx="300" cy="315" r="200" fill="none" stroke="#ffffff" stroke-opacity=".25" stroke-width="36"/>
            <circle cx="300" cy="315" r="200" fill="none" stroke="#ffffff" stroke-width="36" stroke-linecap="round" \
            stroke-dasharray="\(f(2 * .pi * 200))" stroke-dashoffset="\(f(2 * .pi * 200 * (1 - Double(ring.percent) / 100)))" \
            transform="rotate(-90 300 315)"/>
            <rect x="100" y="\(f(145 + 340 * (1 - Double(ring.percent) / 100)))" width="400" height="400" \
            fill="#7cc4ff" fill-opacity=".55" clip-path="url(#inside)"/>
            <text x="300" y="340" text-anchor="middle" font-family="system-ui, sans-serif" font-size="84" \
            font-weight="700" fill="#ffffff">\(e(big ?? "\(ring.percent)%"))</text>
            <text x="580" y="200" font-family="system-ui, sans-serif" font-size="34" fill="#cfe4ff">\(e(title))</text>
            <text x="580" y="\(headlineY)" font-family="system-ui, sans-serif" font-size="46" font-weight="700" \
            fill="#ffffff">\(headlineLines)</text>
            <text x="580" y="\(detailY)" font-family="system-ui, sans-serif" font-size="36" fill="#ffffff">\(e(detail))</text>
            <text x="580" y="520" font-family="system-ui, sans-serif" font-size="28" fill="#cfe4ff">Tracked with Tally</text>
            </svg>
            """
    }

    private static func f(_ value: Double) -> String { String(format: "%.1f", value) }

    /// `text` in lines of at most `width` characters, broken between words (a longer word stands alone).
    static func wrap(_ text: String, width: Int) -> [String] {
        var lines: [String] = []
        var line = ""
        for word in text.split(separator: " ") {
            if line.isEmpty {
                line = String(word)
            } else if line.count + 1 + word.count <= width {
                line += " " + word
            } else {
                lines.append(line)
                line = String(word)
            }
        }
        if !line.isEmpty { lines.append(line) }
        return lines.isEmpty ? [""] : lines
    }
}
