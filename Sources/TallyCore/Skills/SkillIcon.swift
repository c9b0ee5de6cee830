import Foundation

/// The icons a category can wear. The web app draws each as an inline SVG symbol `#i-NAME`, so nothing
/// is loaded from elsewhere.
public enum SkillIcon: String, Hashable, Codable, Sendable, CaseIterable {
    case star, dumbbell, book, briefcase, heart, palette, lotus, tag, music, code, leaf, globe

    /// Reads an icon name typed into `field`.
    public static func parse(_ text: String, field: String = "icon") throws(TallyError) -> SkillIcon {
        guard let icon = SkillIcon(rawValue: text.trimmingCharacters(in: .whitespaces).lowercased()) else {
            let names = allCases.map(\.rawValue).joined(separator: ", ")
            throw .invalid(field: field, reason: "'\(text)' is not an icon Tally has: use one of \(names)")
        }
        return icon
    }
}
