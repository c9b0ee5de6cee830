import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// The daily journal: a day's entry (notes, mood, photo), the month coloured by mood, and the year.
struct JournalPages {
    let scope: UserScope
    let templates: PageTemplates

    struct DayView {
        let title = "Journal"
        let day: String
        let heading: String
        let hasEntry: Bool
        var notes: String
        var moods: [MoodOption]
        var imageUrl: String?
        var error: String?
        let month: MonthView
    }

    struct MoodOption {
        let rating: Int
        let name: String
        let emoji: String
        let color: String
        let selected: Bool
    }

    struct MonthView {
        let heading: String
        let previous: String
        let next: String
        let summary: String
        let weeks: [[Cell]]
    }

    struct Cell {
        let blank: Bool
        let date: String
        let number: Int
        let color: String?
        let emoji: String?
        let isToday: Bool
        let isFuture: Bool
        let isSelected: Bool
        let label: String
    }

    struct YearView {
        let title = "Journal"
        let year: Int
        let previous: Int
        let next: Int
        let summary: String
        let months: [YearMonth]
    }

    /// A month of the year's chart. The days are not links (365 targets a few pixels wide, far too small to
    /// tap, WCAG 2.5.8): the month's name opens the month.
    struct YearMonth {
        let name: String
        let first: String
        let cells: [Cell]
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let now = try await scope.now()
        let day =
            try request.uri.queryParameters.get("day").map { try LocalDay.parse(String($0), field: "day") } ?? now.today
        return HTML.response(templates.render(try await dayView(day, today: now.today), .journal))
    }

    func save(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let day = try LocalDay.parse(context.parameters.get("day") ?? "", field: "day")
        let form = try await MultipartForm(request: request)
        let today = try await scope.now().today
        do {
            let current = try await scope.journal.entry(on: day)
            var imageUrl = form.fields["removePhoto"] == nil ? current?.fields.imageUrl : nil
            let mood = try form.text("mood").map { text throws(TallyError) in
                guard let rating = Int(text) else {
                    throw .invalid(field: "moodRating", reason: "'\(text)' is not a mood from 1 to 5")
                }
                return rating
            }
            // What was typed is checked before the photo is kept: a refused save stores nothing.
            _ = try await scope.journal.checked(
                on: day, JournalEntryFields(notes: form.fields["notes"], moodRating: mood, imageUrl: imageUrl))
            if let photo = form.files["photo"] { imageUrl = try await scope.images.upload(photo) }
            _ = try await scope.journal.save(
                on: day, JournalEntryFields(notes: form.fields["notes"], moodRating: mood, imageUrl: imageUrl))
            return HTML.redirect(to: "/journal?day=\(day)")
        } catch let error as TallyError {
            var view = try await dayView(day, today: today)
            view.error = FormMessage.text(error)
            view.notes = form.fields["notes"] ?? ""
            return HTML.response(templates.render(view, .journal), status: .badRequest)
        }
    }

    func delete(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let day = try LocalDay.parse(context.parameters.get("day") ?? "", field: "day")
        try await scope.journal.delete(on: day)
        return HTML.redirect(to: "/journal?day=\(day)")
    }

    func year(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let today = try await scope.now().today
        let text = request.uri.queryParameters.get("year").map { String($0) }
        guard let year = text.map({ Int($0) }) ?? today.year, (1...9999).contains(year) else {
            throw TallyError.invalid(field: "year", reason: "'\(text ?? "")' is not a year")
        }
        let journal = try await scope.journal.year(year)
        let months = journal.months.map { month in
            YearMonth(
                name: String(DayText.months[month.month - 1].prefix(3)),
                first: LocalDay(year: year, month: month.month, day: 1)?.description ?? "",
                cells: month.days.map { Self.cell($0, selected: nil) })
        }
        return HTML.response(
            templates.render(
                YearView(
                    year: year, previous: year - 1, next: year + 1,
                    summary: DayText.count(journal.entryCount, "entry", "entries") + " in \(year)", months: months),
                .journalYear))
    }

    private func dayView(_ day: LocalDay, today: LocalDay) async throws -> DayView {
        let entry = try await scope.journal.entry(on: day)
        let month = try await scope.journal.month(year: day.year, month: day.month)
        let first = LocalDay(year: day.year, month: day.month, day: 1)!
        let previous = first.adding(days: -1)
        let next = first.adding(days: 31)
        let average = month.averageMood.map { String(format: "average mood %.1f", $0) }
        let monthView = MonthView(
            heading: DayText.month(year: day.year, month: day.month),
            previous: LocalDay(year: previous.year, month: previous.month, day: 1)!.description,
            next: LocalDay(year: next.year, month: next.month, day: 1)!.description,
            summary: ([DayText.count(month.entryCount, "entry", "entries")] + (average.map { [$0] } ?? [])).joined(
                separator: " · "),
            weeks: month.weeks.map { week in
                week.map { cell in
                    cell.map { Self.cell($0, selected: day) }
                        ?? Cell(
                            blank: true, date: "", number: 0, color: nil, emoji: nil, isToday: false, isFuture: false,
                            isSelected: false, label: "")
                }
            })
        return DayView(
            day: day.description, heading: DayText.relative(day, today: today), hasEntry: entry != nil,
            notes: entry?.fields.notes ?? "",
            moods: Mood.allCases.map {
                MoodOption(
                    rating: $0.rating, name: $0.name, emoji: $0.emoji, color: $0.color,
                    selected: entry?.fields.moodRating == $0.rating)
            },
            imageUrl: entry?.fields.imageUrl, error: nil, month: monthView)
    }

    static func cell(_ cell: JournalMonth.Cell, selected: LocalDay?) -> Cell {
        let mood = cell.entry?.mood
        let label =
            DayText.heading(cell.day) + (mood.map { ", mood \($0.name)" } ?? (cell.entry != nil ? ", entry" : ""))
        return Cell(
            blank: false, date: cell.day.description, number: cell.day.day, color: mood?.color, emoji: mood?.emoji,
            isToday: cell.isToday, isFuture: cell.isFuture, isSelected: cell.day == selected, label: label)
    }
}
