/// Whether a tracker counts the time since a past date or until a coming one (the seed's `type`).
public enum TrackerKind: String, CaseIterable, Codable, Sendable {
    case since, till

    public static func parse(_ text: String, field: String = "type") throws(TallyError) -> TrackerKind {
        guard let kind = TrackerKind(rawValue: text.lowercased()) else {
            throw .invalid(field: field, reason: "'\(text)' is not a tracker type (use since or till)")
        }
        return kind
    }
}
