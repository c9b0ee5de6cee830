import Foundation
import TallyCore

/// The small widget: today's water against the goal as a ring on a white card (readable on any home
/// screen), with the percentage and the amount. Colours are in the drawing, not a stylesheet, so the
/// image is the same wherever it is shown.
enum WidgetRing {
    static func svg(_ total: WaterDayTotal, unit: VolumeUnit) -> String {
        let e = HTMLText.escape
        let ring = RingView(total, unit: unit)
        let amount = "\(unit.format(total.totalML)) of \(unit.format(total.goalML))"
        // About 20 characters fit the card at this size; a longer amount is squeezed to fit, not cut.
        let fit = amount.count > 20 ? #" textLength="150" lengthAdjust="spacingAndGlyphs""# : ""
        return """
            <svg xmlns="http://www.w3.org/2000/svg" width="170" height="170" viewBox="0 0 170 170" role="img" \
            aria-label="Water today: \(e(ring.label))">
            <rect width="170" height="170" rx="28" fill="#ffffff"/>
            <circle cx="85" cy="78" r="52" fill="none" stroke="#1e6fd9" stroke-opacity=".15" stroke-width="12"/>
            <circle cx="85" cy="78" r="52" fill="none" stroke="\(total.isGoalMet ? "#14804a" : "#1e6fd9")" \
            stroke-width="12" stroke-linecap="round" stroke-dasharray="\(ring.circumference)" \
            stroke-dashoffset="\(ring.dashOffset)" transform="rotate(-90 85 78)"/>
            <text x="85" y="88" text-anchor="middle" font-family="system-ui, sans-serif" font-size="30" \
            font-weight="700" fill="#12263f">\(total.percent)%</text>
            <text x="85" y="156" text-anchor="middle" font-family="system-ui, sans-serif" font-size="14" \
            fill="#12263f"\(fit)>\(e(amount))</text>
            </svg>
            """
    }
}
