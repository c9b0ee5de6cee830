/// How Daylio's mood names become journal moods, 1 to 5: its five defaults (rad, good, meh, bad, awful),
/// and the names a person gave renamed or added moods.
public struct DaylioMoods: Sendable {
    public static let defaults = ["rad": 5, "good": 4, "meh": 3, "bad": 2, "awful": 1]

    private var ratings: [String: Int]

    /// The defaults, overridden and extended by `custom` (names matched ignoring case and spaces).
    public init(custom: [String: Int] = [:]) {
        ratings = Self.defaults
        for (name, rating) in custom { ratings[Self.key(name)] = rating }
    }

    /// Reads `NAME=N` as the CLI and the Import page take it.
    public static func mapping(_ text: String) throws(TallyError) -> (String, Int) {
        let parts = text.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, !parts[0].isEmpty, let rating = Int(parts[1]), (1...5).contains(rating) else {
            throw .invalid(
                field: "mood", reason: "'\(text)' is not a mood mapping such as sleepy=3 (a name, = and 1 to 5)")
        }
        return (parts[0], rating)
    }

    /// The rating of mood `name`, or an error naming the row and saying how to map it.
    public func rating(of name: String, row: Int) throws(TallyError) -> Int {
        guard let rating = ratings[Self.key(name)] else {
            throw .unreadable(
                "row \(row): the mood '\(name)' is not one of rad, good, meh, bad or awful: "
                    + "say how it rates as '\(name)=N' (1 awful to 5 rad), with --mood on the command line "
                    + "or under Renamed moods on the Import page")
        }
        return rating
    }

    /// Every mood of `entries` this mapping cannot rate, all at once (a real export had eleven, found one
    /// run at a time), with the first row of each and the `--mood` options to paste; nil when all rate.
    public func unrated(_ entries: [DaylioEntry]) -> TallyError? {
        var firstRow: [String: (name: String, row: Int)] = [:]
        var order: [String] = []
        for entry in entries where ratings[Self.key(entry.mood)] == nil {
            let key = Self.key(entry.mood)
            if firstRow[key] == nil {
                firstRow[key] = (entry.mood.trimmingCharacters(in: .whitespaces), entry.row)
                order.append(key)
            }
        }
        guard !order.isEmpty else { return nil }
        let found = order.compactMap { firstRow[$0] }
        let listed = found.map { "'\($0.name)' (row \($0.row))" }.joined(separator: ", ")
        let lines = found.map { "\($0.name)=N" }.joined(separator: ", ")
        let options = found.map { "--mood '\($0.name)=N'" }.joined(separator: " ")
        return .unreadable(
            "\(found.count == 1 ? "the mood" : "the moods") \(listed) \(found.count == 1 ? "is" : "are") not one of "
                + "rad, good, meh, bad or awful: say how each rates, N from 1 (awful) to 5 (rad): \(lines) under "
                + "Renamed moods on the Import page, or \(options) on the command line")
    }

    static func key(_ name: String) -> String { name.trimmingCharacters(in: .whitespaces).lowercased() }
}
