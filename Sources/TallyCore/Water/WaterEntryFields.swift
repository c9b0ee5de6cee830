import Foundation

/// The fields of a water entry a person can set, checked before anything is stored.
public struct WaterEntryFields: Hashable, Codable, Sendable {
    public static let maxDrinkKindLength = 40

    public var at: Date
    /// The IANA zone the entry was captured in; its local day is read in this zone.
    public var timeZoneID: String
    public var amountML: Double
    /// What was drunk when it was not plain water ("tea", "coffee"); nil means water.
    public var drinkKind: String?

    public init(at: Date, timeZoneID: String, amountML: Double, drinkKind: String? = nil) {
        self.at = at
        self.timeZoneID = timeZoneID
        self.amountML = amountML
        self.drinkKind = drinkKind
    }

    /// The fields as they will be stored (amount to a hundredth of a millilitre, time to the millisecond,
    /// drink kind trimmed), or an error naming the first field that is wrong.
    public func validated() throws(TallyError) -> WaterEntryFields {
        var result = self
        result.at = try CapturedTime.checked(at: at, timeZoneID: timeZoneID)
        result.amountML = try WaterAmounts.checkedEntry(amountML)
        if let drinkKind {
            try StoredText.check(drinkKind, field: "drinkKind")
            let trimmed = drinkKind.trimmingCharacters(in: .whitespacesAndNewlines)
            guard trimmed.count <= Self.maxDrinkKindLength else {
                throw .invalid(
                    field: "drinkKind",
                    reason: "is \(trimmed.count) characters long; the limit is \(Self.maxDrinkKindLength)")
            }
            result.drinkKind = trimmed.isEmpty ? nil : trimmed
        }
        return result
    }
}
