import TallyCore

/// A share link of the diary report as the page, the API and the CLI ask for it: the first and last
/// diary day it shows and how many days it lasts (14 unless given), as typed. ``DiaryShareService``
/// reads and checks it before anything is stored.
public struct DiaryShareDraft: Sendable {
    /// `YYYY-MM-DD`.
    public var from: String?
    public var to: String?
    /// A whole number of days, 1 to 365; nil or empty for ``DiaryShareLink/defaultDays``.
    public var days: String?
    /// What errors call each field (the CLI names its options).
    public var fromField = "from"
    public var toField = "to"
    public var daysField = "days"

    public init(from: String?, to: String?, days: String? = nil) {
        self.from = from
        self.to = to
        self.days = days
    }

    /// The period and lifetime asked for, or what is wrong with them.
    func checked() throws(TallyError) -> (from: LocalDay, to: LocalDay, days: Int) {
        func day(_ text: String?, _ field: String) throws(TallyError) -> LocalDay {
            let trimmed = text?.trimmingCharacters(in: .whitespaces) ?? ""
            guard !trimmed.isEmpty else {
                throw .invalid(field: field, reason: "choose the first and last day the link shows")
            }
            return try LocalDay.parse(trimmed, field: field)
        }
        let first = try day(from, fromField)
        let last = try day(to, toField)
        let text = days?.trimmingCharacters(in: .whitespaces) ?? ""
        guard let count = text.isEmpty ? DiaryShareLink.defaultDays : Int(text) else {
            throw .invalid(field: daysField, reason: "'\(text)' is not a number of days")
        }
        guard (1...DiaryShareLink.maximumDays).contains(count) else {
            throw .invalid(field: daysField, reason: "a link lasts 1 to \(DiaryShareLink.maximumDays) days")
        }
        return (first, last, count)
    }
}
