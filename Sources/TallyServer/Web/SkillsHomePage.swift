import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// The skills home (S-001): greeting, week calendar, morning routine, the day's tasks and a quick add.
struct SkillsHomePage {
    let scope: UserScope
    let templates: PageTemplates

    struct View {
        let title = "Skills"
        let greeting: String
        let message: String
        let part: String
        let weekLabel: String
        let previousWeek: String
        let nextWeek: String
        let days: [Day]
        let heading: String
        let date: String
        let habits: [SkillsViews.Habit]
        let groups: [SkillsViews.Group]
        let hasTasks: Bool
        let hasSkills: Bool
        let reviews: [Review]
        var error: String?
        var quickName: String
    }

    struct Day {
        let date: String
        let weekday: String
        let number: Int
        let heat: Int
        let isToday: Bool
        let isSelected: Bool
        let label: String
    }

    struct Review {
        let id: String
        let name: String
        let ended: String
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let day = try request.uri.queryParameters.get("day").map { try LocalDay.parse(String($0), field: "day") }
        return HTML.response(templates.render(try await view(day: day), .skillsHome))
    }

    /// The quick add: a name is enough; everything else takes its default.
    func quickAdd(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        do {
            _ = try await scope.skills.add(SkillDraft(name: form["name"] ?? "", category: form.text("category")))
            return HTML.redirect(to: "/skills")
        } catch let error as TallyError {
            var view = try await view(day: nil)
            view.error = FormMessage.text(error)
            view.quickName = form["name"] ?? ""
            return HTML.response(templates.render(view, .skillsHome), status: .badRequest)
        }
    }

    func complete(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let id = try SkillsFormPage.id(context)
        let level = try CompletionLevel.parse(form["level"] ?? "")
        let day = try form.text("date").map { try LocalDay.parse($0, field: "date") }
        _ = try await scope.skills.complete(id: id, level: level, day: day)
        return HTML.redirect(to: HTML.localPath(form["returnTo"], default: "/skills"))
    }

    func routine(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let habit = try RoutineHabit.parse(form["habit"] ?? "")
        let level = try CompletionLevel.parse(form["level"] ?? "")
        let day = try form.text("date").map { try LocalDay.parse($0, field: "date") }
        _ = try await scope.routine.set(habit, level: level, day: day)
        return HTML.redirect(to: HTML.localPath(form["returnTo"], default: "/skills"))
    }

    private func view(day: LocalDay?) async throws -> View {
        let home = try await scope.skills.home(day: day)
        let selected = home.selected
        let returnTo = selected == home.today ? "/skills" : "/skills?day=\(selected)"
        let days = home.week.days.map { day in
            Day(
                date: day.day.description, weekday: String(DayText.weekdays[day.day.isoWeekday - 1].prefix(3)),
                number: day.day.day, heat: day.isFuture ? 0 : day.score.heatLevel, isToday: day.isToday,
                isSelected: day.isSelected,
                label: SkillsViews.cell(day.day, score: day.score, isFuture: day.isFuture).label)
        }
        return View(
            greeting: home.greeting.title, message: home.greeting.message, part: home.greeting.part.rawValue,
            weekLabel: home.week.label, previousWeek: selected.adding(days: -7).description,
            nextWeek: selected.adding(days: 7).description, days: days,
            heading: DayText.relative(selected, today: home.today), date: selected.description,
            habits: home.routine.items.map { SkillsViews.Habit($0, day: selected, returnTo: returnTo) },
            groups: home.groups.map { group in
                SkillsViews.Group(
                    name: group.category.name, colour: group.category.colour, icon: group.category.icon.rawValue,
                    tasks: group.tasks.map {
                        SkillsViews.Task($0, returnTo: returnTo, ruleDetail: home.ruleNotes[$0.skill.id])
                    })
            },
            hasTasks: !home.groups.isEmpty, hasSkills: home.skillCount > 0,
            reviews: home.reviews.map {
                Review(id: $0.id.text, name: $0.name, ended: $0.fields.endDay.map(DayText.short) ?? "")
            },
            error: nil, quickName: "")
    }
}
