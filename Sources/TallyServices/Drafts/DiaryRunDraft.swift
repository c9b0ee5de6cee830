import TallyCore

/// "Start a diary" as the page, the API and the CLI ask for it: the first day as typed (today when not
/// given) and how many days (three when not given). ``DiaryRunService/start(_:)`` reads it.
public struct DiaryRunDraft: Sendable {
    /// `YYYY-MM-DD`; nil for today.
    public var from: String?
    /// How many diary days; nil for ``DiaryRun/defaultDays``.
    public var days: Int?
    /// What errors call the first day (the CLI names its option).
    public var fromField = "from"

    public init(from: String? = nil, days: Int? = nil) {
        self.from = from
        self.days = days
    }

    /// The farthest from today a diary may start, either way.
    public static let reachDays = 366

    /// The diary it asks for, `today` being the person's day, or what is wrong with it.
    func run(today: LocalDay) throws(TallyError) -> DiaryRun {
        // Left out means today; given, it must be a day (an empty one is not: the page leaves a blank out).
        let first =
            try from.map { text throws(TallyError) in
                try LocalDay.parse(text.trimmingCharacters(in: .whitespaces), field: fromField)
            } ?? today
        guard abs(today.days(to: first)) <= Self.reachDays else {
            throw .invalid(field: fromField, reason: "\(first) is more than a year from today")
        }
        return try DiaryRun.starting(first, days: days ?? DiaryRun.defaultDays)
    }
}
