/// A birth year as a person types it in Settings.
public enum BirthYear {
    /// Years a living person can have been born in, with room on both sides; no clock is read here.
    public static let range = 1900...2100

    public static func parse(_ text: String) throws(TallyError) -> Int {
        guard text.count == 4, text.allSatisfy(\.isASCIIDigit), let year = Int(text) else {
            throw .invalid(field: "birth year", reason: "'\(text)' is not a year such as 1958")
        }
        guard range.contains(year) else {
            throw .invalid(
                field: "birth year", reason: "\(year) is outside \(range.lowerBound)...\(range.upperBound)")
        }
        return year
    }
}
