/// What a person writes for a day, checked before anything is stored.
public struct JournalEntryFields: Hashable, Codable, Sendable {
    public static let maxNotesLength = 10_000

    public var notes: String?
    public var moodRating: Int?
    public var imageUrl: String?

    public init(notes: String? = nil, moodRating: Int? = nil, imageUrl: String? = nil) {
        self.notes = notes
        self.moodRating = moodRating
        self.imageUrl = imageUrl
    }

    /// The fields as stored, or an error naming the first field that is wrong.
    public func validated() throws(TallyError) -> JournalEntryFields {
        var result = self
        result.notes = try DatesText.optional(notes, field: "notes", limit: Self.maxNotesLength)
        if let moodRating, Mood(rating: moodRating) == nil {
            throw .invalid(field: "moodRating", reason: "\(moodRating) is not a mood from 1 to 5")
        }
        result.imageUrl = try ImageReference.checked(imageUrl)
        guard result.notes != nil || result.moodRating != nil || result.imageUrl != nil else {
            throw .invalid(field: "entry", reason: "is empty: write a note, pick a mood or add a photo")
        }
        return result
    }
}
