import Foundation
import TallyCore

/// The kinds of file `tally import` and the Import page read, told apart by their content, not their name.
public enum ImportFormat: String, CaseIterable, Codable, Sendable {
    /// A backup made by `tally export` (or the Backup page).
    case tally
    /// Apple Health's `export.zip`, or the `export.xml` inside it (its name is localised: `exportar.xml`).
    case appleHealth = "apple-health"

    /// For people: "Tally backup", "Apple Health export".
    public var title: String {
        switch self {
        case .tally: "Tally backup"
        case .appleHealth: "Apple Health export"
        }
    }

    /// The format whose content starts with `prefix` (the file's first bytes), or nil.
    static func recognise(_ prefix: Data) -> ImportFormat? {
        let text = String(decoding: prefix, as: UTF8.self)
        if text.contains("<HealthData") || text.contains("HealthKit Export") { return .appleHealth }
        let start = text.drop { $0.isWhitespace || $0 == "\u{FEFF}" }
        if start.hasPrefix("{"), text.contains("tally-backup") { return .tally }
        return nil
    }

    /// Reads a `--format` value.
    public static func named(_ name: String) throws(TallyError) -> ImportFormat {
        guard let format = ImportFormat(rawValue: name) else {
            throw .invalid(
                field: "format",
                reason:
                    "'\(name)' is not a format Tally imports: use \(allCases.map(\.rawValue).joined(separator: " or "))"
            )
        }
        return format
    }
}
