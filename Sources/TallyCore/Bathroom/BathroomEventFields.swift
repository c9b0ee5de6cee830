import Foundation

/// The fields of a bathroom event a person can set, checked before anything is stored.
public struct BathroomEventFields: Hashable, Codable, Sendable {
    public static let maxNoteLength = 10_000
    public static let volumeRange = 0...5_000
    public static let urgencyRange = Urgency.range

    public var at: Date
    public var timeZoneID: String
    public var note: String?
    public var volumeML: Int?
    public var urgency: Int?
    public var leak: Bool

    public init(
        at: Date, timeZoneID: String, note: String? = nil, volumeML: Int? = nil, urgency: Int? = nil,
        leak: Bool = false
    ) {
        self.at = at
        self.timeZoneID = timeZoneID
        self.note = note
        self.volumeML = volumeML
        self.urgency = urgency
        self.leak = leak
    }

    /// The fields as they will be stored: note trimmed (empty becomes none), time to the millisecond,
    /// or an error naming the first field that is wrong.
    public func validated() throws(TallyError) -> BathroomEventFields {
        var result = self
        result.at = try CapturedTime.checked(at: at, timeZoneID: timeZoneID)
        if let note {
            try StoredText.check(note, field: "note")
            let trimmed = note.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.count <= Self.maxNoteLength else {
                throw .invalid(
                    field: "note", reason: "is \(trimmed.count) characters long; the limit is \(Self.maxNoteLength)")
            }
            result.note = trimmed.isEmpty ? nil : trimmed
        }
        if let volumeML, !Self.volumeRange.contains(volumeML) {
            throw .invalid(
                field: "volume",
                reason: "\(volumeML) ml is outside \(Self.volumeRange.lowerBound)...\(Self.volumeRange.upperBound) ml")
        }
        if let urgency, !Self.urgencyRange.contains(urgency) {
            throw .invalid(
                field: "urgency",
                reason:
                    "\(urgency) is outside the scale \(Self.urgencyRange.lowerBound)...\(Self.urgencyRange.upperBound)")
        }
        return result
    }
}
