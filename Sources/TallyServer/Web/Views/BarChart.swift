import Foundation

/// A bar chart drawn by the server as SVG: one bar per period, a dashed goal line, and labels. The
/// picture scales to its container; a text table beside it carries the same figures for screen readers.
struct BarChart {
    struct Bar {
        let label: String
        let value: Double
        let title: String
    }

    static let width = 360.0
    static let height = 180.0
    static let top = 14.0
    static let bottom = 24.0

    let bars: [Bar]
    let goal: Double?
    let caption: String
    /// Label every n-th bar, counting back from the last, so that labels never overlap.
    var labelEvery = 1

    var svg: String {
        let plot = Self.height - Self.top - Self.bottom
        let maximum = max(bars.map(\.value).max() ?? 0, goal ?? 0, 1) * 1.1
        let slot = Self.width / Double(max(bars.count, 1))
        var parts = [
            "<svg class=\"chart\" viewBox=\"0 0 \(Int(Self.width)) \(Int(Self.height))\" role=\"img\" "
                + "aria-label=\"\(HTMLText.escape(caption))\">"
        ]
        for (index, bar) in bars.enumerated() {
            let barHeight = plot * bar.value / maximum
            let x = Double(index) * slot + slot * 0.15
            let y = Self.top + plot - barHeight
            parts.append(
                "<rect class=\"bar\" x=\"\(f(x))\" y=\"\(f(y))\" width=\"\(f(slot * 0.7))\" height=\"\(f(barHeight))\" "
                    + "rx=\"3\"><title>\(HTMLText.escape(bar.title))</title></rect>")
            guard (bars.count - 1 - index) % labelEvery == 0 else { continue }
            // The last label ends at its bar's right edge so it stays inside the picture.
            let isLast = index == bars.count - 1
            let labelX = isLast ? x + slot * 0.7 : x + slot * 0.35
            parts.append(
                "<text class=\"axis\" x=\"\(f(labelX))\" y=\"\(f(Self.height - 8))\" "
                    + "text-anchor=\"\(isLast ? "end" : "middle")\">\(HTMLText.escape(bar.label))</text>")
        }
        if let goal {
            let y = Self.top + plot - plot * goal / maximum
            parts.append(
                "<line class=\"goal-line\" x1=\"0\" x2=\"\(Int(Self.width))\" y1=\"\(f(y))\" y2=\"\(f(y))\"/>")
        }
        parts.append("</svg>")
        return parts.joined()
    }

    private func f(_ value: Double) -> String { String(format: "%.1f", value) }
}

/// Escaping for text placed into HTML or SVG by code rather than by a template.
enum HTMLText {
    static func escape(_ text: String) -> String {
        var result = ""
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
