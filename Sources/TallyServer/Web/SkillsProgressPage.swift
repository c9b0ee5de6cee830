import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// The progress screen (S-003): the year heatmap, week, month and year views, completion per skill,
/// overall statistics, insights, recent moments, and export and import.
struct SkillsProgressPage {
    let scope: UserScope
    let templates: PageTemplates

    struct View {
        let title = "Progress"
        let heatWeeks: [[SkillsViews.Cell]]
        let view: String
        let isWeek: Bool
        let isMonth: Bool
        let isYear: Bool
        let periodLabel: String
        let previous: String
        let next: String
        let weekDays: [SkillsViews.Cell]
        let weekRows: [WeekRow]
        let weekHeads: [String]
        let monthBlanks: [Int]
        let monthDays: [MonthDay]
        let months: [YearMonth]
        let periodPercent: Int
        let total: Figures
        let skills: [SkillRow]
        let insights: [Insight]
        let moments: [SkillsMomentsPage.MomentRow]
        var notice: String?
        var error: String?
    }

    struct Figures {
        let percent: Int
        let full: Int
        let partial: Int
        let missed: Int
        let active: Int
        let archived: Int
        let perfectDays: Int
    }

    struct WeekRow {
        let name: String
        let cells: [WeekCell]
    }

    struct WeekCell {
        let level: String
        let label: String
    }

    struct MonthDay {
        let number: Int
        let heat: Int
        let percent: String
        let isToday: Bool
        let label: String
    }

    struct YearMonth {
        let name: String
        let percent: Int
        let hasTasks: Bool
        let isFuture: Bool
    }

    struct SkillRow {
        let id: String
        let name: String
        let percent: Int
        let detail: String
        let archived: Bool
    }

    struct Insight {
        let name: String
        let trend: String
        let sentences: [Sentence]
    }

    struct Sentence {
        let kind: String
        let text: String
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let query = request.uri.queryParameters
        let mode = query.get("view").map { String($0) } ?? "week"
        guard ["week", "month", "year"].contains(mode) else {
            throw TallyError.invalid(field: "view", reason: "'\(mode)' is not a view: use week, month or year")
        }
        let date = try query.get("date").map { try LocalDay.parse(String($0), field: "date") }
        var view = try await view(mode: mode, date: date)
        if let imported = query.get("imported") { view.notice = "Imported: \(imported)" }
        return HTML.response(templates.render(view, .skillsProgress))
    }

    func view(mode: String, date: LocalDay?) async throws -> View {
        let today = try await scope.now().today
        let date = date ?? today
        let skills = scope.skills
        async let heatmap = skills.heatmap()
        async let progress = skills.progress()
        async let insights = skills.insights()
        async let moments = scope.moments.list()
        var label = ""
        var previous = date
        var next = date
        var percent = 0
        var weekDays: [SkillsViews.Cell] = []
        var weekRows: [WeekRow] = []
        var weekHeads: [String] = []
        var monthBlanks: [Int] = []
        var monthDays: [MonthDay] = []
        var months: [YearMonth] = []
        switch mode {
        case "month":
            let month = try await skills.month(year: date.year, month: date.month)
            label = DayText.month(year: month.year, month: month.month)
            (previous, next) = (SkillPeriods.addingMonths(-1, to: date), SkillPeriods.addingMonths(1, to: date))
            percent = month.total.percent
            monthBlanks = Array(0..<month.leadingBlanks)
            monthDays = month.days.map { day in
                let cell = SkillsViews.cell(day.day, score: day.score, isFuture: day.isFuture)
                return MonthDay(
                    number: day.day.day, heat: cell.heat,
                    percent: day.isFuture || day.score.tasks == 0 ? "" : "\(day.score.percent)%", isToday: day.isToday,
                    label: cell.label)
            }
        case "year":
            let year = try await skills.year(date.year)
            label = String(year.year)
            (previous, next) = (
                LocalDay(year: date.year - 1, month: 1, day: 1)!, LocalDay(year: date.year + 1, month: 1, day: 1)!
            )
            percent = year.total.percent
            months = year.months.map {
                YearMonth(name: $0.name, percent: $0.score.percent, hasTasks: $0.score.tasks > 0, isFuture: $0.isFuture)
            }
        default:
            let week = try await skills.week(containing: date)
            label = week.label
            (previous, next) = (date.adding(days: -7), date.adding(days: 7))
            percent = week.total.percent
            weekHeads = week.days.map { String(DayText.weekdays[$0.isoWeekday - 1].prefix(1)) }
            weekDays = zip(week.days, week.scores).map { SkillsViews.cell($0, score: $1, isFuture: $0 > today) }
            weekRows = week.rows.map { row in
                WeekRow(
                    name: row.skill.name,
                    cells: zip(week.days, row.tasks).map { day, task in
                        guard let task else { return WeekCell(level: "off", label: "\(DayText.short(day)): not due") }
                        // Shown but not counted (a weekly quota still open, or met): not a miss.
                        guard day <= today, task.counts || task.level != .none else {
                            let words = day > today ? "ahead" : "not counted, the week's quota being open or met"
                            return WeekCell(level: "off", label: "\(DayText.short(day)): \(words)")
                        }
                        return WeekCell(
                            level: task.level.rawValue, label: "\(DayText.short(day)): \(task.level.rawValue)")
                    })
            }
        }
        let progressValue = try await progress
        let total = progressValue.total
        return View(
            heatWeeks: try await heatmap.weeks.map {
                $0.map { SkillsViews.cell($0.day, score: $0.score, isFuture: $0.isFuture) }
            },
            view: mode, isWeek: mode == "week", isMonth: mode == "month", isYear: mode == "year", periodLabel: label,
            previous: previous.description, next: next.description, weekDays: weekDays, weekRows: weekRows,
            weekHeads: weekHeads, monthBlanks: monthBlanks, monthDays: monthDays, months: months,
            periodPercent: percent,
            total: Figures(
                percent: total.percent, full: total.full, partial: total.partial, missed: total.missed,
                active: progressValue.activeCount, archived: progressValue.archivedCount,
                perfectDays: progressValue.perfectDays),
            skills: progressValue.skills.map {
                SkillRow(
                    id: $0.skill.id.text, name: $0.skill.name, percent: $0.score.percent,
                    detail: "\($0.score.full) done, \($0.score.partial) partial of \($0.score.tasks)",
                    archived: $0.isArchived)
            },
            insights: try await insights.entries.map(Self.insight),
            moments: try await moments.prefix(5).map { SkillsMomentsPage.MomentRow($0, skills: []) },
            notice: nil, error: nil)
    }

    static func insight(_ entry: SkillInsights.Entry) -> Insight {
        Insight(
            name: entry.skill.name, trend: entry.hasEnoughHistory ? entry.trend.rawValue : "waiting",
            sentences: entry.sentences.map { Sentence(kind: $0.kind.rawValue, text: $0.text) })
    }

    /// The whole backup as a file to download, sent as it is read (a backup of any size needs little
    /// memory; a download cut off by a fault ends without its closing chunk, so the browser reports it).
    func export(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let day = try await scope.now().today
        let backup = scope.backup
        return Response(
            status: .ok,
            headers: [
                .contentType: "application/json", .contentDisposition: "attachment; filename=\"tally-\(day).json\"",
            ],
            body: ResponseBody { writer in
                try await backup.export { try await writer.write(ByteBuffer(bytes: $0)) }
                try await writer.finish(nil)
            })
    }
}
