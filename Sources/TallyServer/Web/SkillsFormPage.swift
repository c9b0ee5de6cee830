import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Adding and editing a skill (S-002, B-002, B-003), and the small posts that change one.
struct SkillsFormPage {
    let scope: UserScope
    let templates: PageTemplates

    struct View {
        let title: String
        let action: String
        let isEdit: Bool
        let id: String?
        var name: String
        var categories: [SkillsViews.Category]
        /// The custom category's name typed with "Custom Category", kept when the form comes back refused.
        var customCategory = ""
        /// The frequency's kind, as the form's radio buttons name it: `daily`, `weekly`, `weekdays`,
        /// `interval`, `monthly` or `monthdays`; set with ``choose(_:)``, which marks the one the page shows
        /// checked.
        private(set) var freq = "daily"
        var perWeek: String
        var every: String
        var perMonth: String
        /// The days of the month as typed: "1, 15".
        var monthDays: String
        var weekdays: [Weekday]
        var start: String
        var end: String
        var days: String
        var targetAmount: String
        var targetUnit: String
        var targetWeek: Bool
        var targetMonth: Bool
        var rollover: Bool
        var review: Bool
        // Stored, not computed: the templates read a view's stored properties only, so a computed
        // `isWeekly` rendered nothing, no button was checked, and Save made every skill daily.
        private(set) var isDaily = true
        private(set) var isWeekly = false
        private(set) var isWeekdays = false
        private(set) var isInterval = false
        private(set) var isMonthly = false
        private(set) var isMonthDays = false
        var error: String?
        let archived: Bool

        mutating func choose(_ kind: String) {
            freq = kind
            (isDaily, isWeekly, isWeekdays, isInterval) = (
                kind == "daily", kind == "weekly", kind == "weekdays", kind == "interval"
            )
            (isMonthly, isMonthDays) = (kind == "monthly", kind == "monthdays")
        }
    }

    struct Weekday {
        let n: Int
        let name: String
        let checked: Bool
    }

    func new(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let today = try await scope.now().today
        let draft = SkillDraft(name: "", start: today)
        return HTML.response(templates.render(try await view(draft, skill: nil), .skillsForm))
    }

    func create(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        do {
            _ = try await scope.skills.add(try Self.draft(form))
            return HTML.redirect(to: "/skills")
        } catch let error as TallyError {
            return try await rejected(form, skill: nil, error: error)
        }
    }

    func edit(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let skill = try await scope.skills.skill(id: try Self.id(context))
        return HTML.response(templates.render(try await view(SkillDraft(skill), skill: skill), .skillsForm))
    }

    func update(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let skill = try await scope.skills.skill(id: try Self.id(context))
        let form = try await FormBody(request: request)
        do {
            _ = try await scope.skills.update(id: skill.id, try Self.draft(form, stored: skill.fields.frequency))
            return HTML.redirect(to: "/skills/all")
        } catch let error as TallyError {
            return try await rejected(form, skill: skill, error: error)
        }
    }

    func delete(_ request: Request, _ context: SignedInContext) async throws -> Response {
        try await scope.skills.delete(id: try Self.id(context))
        return HTML.redirect(to: "/skills/all")
    }

    func archive(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        _ = try await scope.skills.setArchived(id: try Self.id(context), form["archived"] != "false")
        return HTML.redirect(to: HTML.localPath(form["returnTo"], default: "/skills/all"))
    }

    func review(_ request: Request, _ context: SignedInContext) async throws -> Response {
        _ = try await scope.skills.markReviewed(id: try Self.id(context))
        return HTML.redirect(to: "/skills")
    }

    func rollover(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        _ = try await scope.skills.setRollover(id: try Self.id(context), form["rollover"] == "true")
        return HTML.redirect(to: HTML.localPath(form["returnTo"], default: "/skills"))
    }

    func addCategory(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        _ = try await scope.skills.addCategory(
            name: form["name"] ?? "", colour: form["colour"] ?? "", icon: form["icon"] ?? "")
        return HTML.redirect(to: HTML.localPath(form["returnTo"], default: "/skills/new"))
    }

    /// The skill a form describes. The frequency comes from the kind picked and its own field; a form
    /// that picks none keeps the `stored` one (daily for a new skill), and a kind the form does not offer
    /// is refused rather than taken for daily.
    static func draft(_ form: FormBody, stored: SkillFrequency? = nil) throws(TallyError) -> SkillDraft {
        let frequency: String
        switch form["freq"] {
        case nil: frequency = stored?.description ?? "daily"
        case "daily": frequency = "daily"
        case "weekly": frequency = "\(form["perWeek"] ?? "")/week"
        case "weekdays":
            let names = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"]
            frequency = (1...7).filter { form["wd\($0)"] != nil }.map { names[$0 - 1] }.joined(separator: ",")
            guard !frequency.isEmpty else {
                throw .invalid(field: "frequency", reason: "tick at least one day, or choose another frequency")
            }
        case "interval": frequency = "every-\(form["every"] ?? "")-days"
        case "monthly": frequency = "\(form["perMonth"] ?? "")/month"
        case "monthdays": frequency = try SkillFrequency.monthDays(form["monthDays"] ?? "").description
        case let other?:
            throw .invalid(
                field: "frequency",
                reason: "'\(other)' is not a frequency: choose daily, times a week, on these days, every N days, "
                    + "times a month, or days of the month")
        }
        let targetPeriod: SkillTarget.Period
        switch form["targetPeriod"] {
        case nil: targetPeriod = .day
        case let text?:
            guard let period = SkillTarget.Period(rawValue: text) else {
                throw .invalid(
                    field: "targetPeriod", reason: "'\(text)' is not a period: choose a day, a week or a month")
            }
            targetPeriod = period
        }
        func day(_ name: String) throws(TallyError) -> LocalDay? {
            try form.text(name).map { text throws(TallyError) in try LocalDay.parse(text, field: name) }
        }
        func number(_ name: String) throws(TallyError) -> Int? {
            guard let text = form.text(name) else { return nil }
            guard let value = Int(text.trimmingCharacters(in: .whitespaces)) else {
                throw .invalid(field: name, reason: "'\(text)' is not a whole number")
            }
            return value
        }
        return SkillDraft(
            name: form["name"] ?? "", category: form.text("category"), customCategory: form.text("customCategory"),
            frequency: frequency, start: try day("start"),
            end: try day("end"), days: try number("days"), targetAmount: try number("targetAmount"),
            targetUnit: form.text("targetUnit"), targetPeriod: targetPeriod,
            rollover: form["rollover"] != nil, reviewReminder: form["review"] != nil)
    }

    private func rejected(_ form: FormBody, skill: Skill?, error: TallyError) async throws -> Response {
        let today = try await scope.now().today
        var view = try await view(SkillDraft(name: "", start: today), skill: skill)
        view.name = form["name"] ?? ""
        view.categories = SkillsViews.categories(try await scope.skills.categories(), selected: form["category"])
        view.customCategory = form["customCategory"] ?? ""
        view.choose(form["freq"] ?? "daily")
        view.perWeek = form["perWeek"] ?? "2"
        view.every = form["every"] ?? "2"
        view.perMonth = form["perMonth"] ?? "1"
        view.monthDays = form["monthDays"] ?? ""
        view.weekdays = (1...7).map {
            Weekday(n: $0, name: SkillFrequency.weekdayTitle($0), checked: form["wd\($0)"] != nil)
        }
        view.start = form["start"] ?? ""
        view.end = form["end"] ?? ""
        view.days = form["days"] ?? ""
        view.targetAmount = form["targetAmount"] ?? ""
        view.targetUnit = form["targetUnit"] ?? ""
        view.targetWeek = form["targetPeriod"] == "week"
        view.targetMonth = form["targetPeriod"] == "month"
        view.rollover = form["rollover"] != nil
        view.review = form["review"] != nil
        view.error = FormMessage.text(error)
        return HTML.response(templates.render(view, .skillsForm), status: .badRequest)
    }

    private func view(_ draft: SkillDraft, skill: Skill?) async throws -> View {
        let frequency = (try? SkillFrequency.parse(draft.frequency ?? "daily")) ?? .daily
        var freq = "daily"
        var perWeek = 2
        var every = 2
        var perMonth = 1
        var weekdays: [Int] = []
        var monthDays: [Int] = []
        switch frequency {
        case .daily: break
        case .timesPerWeek(let n): (freq, perWeek) = ("weekly", n)
        case .weekdays(let days): (freq, weekdays) = ("weekdays", days)
        case .everyDays(let n): (freq, every) = ("interval", n)
        case .timesPerMonth(let n): (freq, perMonth) = ("monthly", n)
        case .monthDays(let days): (freq, monthDays) = ("monthdays", days)
        }
        let today = try await scope.now().today
        var view = View(
            title: skill == nil ? "Add Skill" : "Edit Skill", action: skill.map { "/skills/\($0.id)" } ?? "/skills",
            isEdit: skill != nil, id: skill?.id.text, name: draft.name,
            categories: SkillsViews.categories(try await scope.skills.categories(), selected: draft.category),
            perWeek: String(perWeek), every: String(every), perMonth: String(perMonth),
            monthDays: monthDays.map(String.init).joined(separator: ", "),
            weekdays: (1...7).map {
                Weekday(n: $0, name: SkillFrequency.weekdayTitle($0), checked: weekdays.contains($0))
            },
            start: draft.start?.description ?? "", end: draft.end?.description ?? "",
            days: draft.days.map(String.init) ?? "", targetAmount: draft.targetAmount.map(String.init) ?? "",
            targetUnit: draft.targetUnit ?? "", targetWeek: draft.targetPeriod == .week,
            targetMonth: draft.targetPeriod == .month, rollover: draft.rollover,
            review: draft.reviewReminder, error: nil, archived: skill?.isArchived(on: today) ?? false)
        view.choose(freq)
        return view
    }

    static func id(_ context: SignedInContext) throws -> UUID {
        let text = try context.parameters.require("id")
        guard let id = UUID(text: text) else { throw TallyError.notFound(kind: "skill", id: text) }
        return id
    }
}
