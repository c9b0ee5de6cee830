import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Memorable moments (B-015): add one, list them filtered by dates and category.
struct SkillsMomentsPage {
    let scope: UserScope
    let templates: PageTemplates

    struct View {
        let title = "Moments"
        let moments: [MomentRow]
        let categories: [Choice]
        let filterCategories: [Choice]
        let skills: [Choice]
        let from: String
        let to: String
        var error: String?
        /// The form: a new moment (its skill chosen when the page was opened from one), or one to change.
        var formTitle = "Record a moment"
        var action = "/skills/moments"
        var submitLabel = "Save moment"
        var editing = false
        var name = ""
        var details = ""
        var date: String

        mutating func edit(_ id: UUID) {
            formTitle = "Change the moment"
            action = "/skills/moments/\(id.text)"
            submitLabel = "Save"
            editing = true
        }
    }

    struct Choice {
        let value: String
        let name: String
        let selected: Bool
    }

    struct MomentRow {
        let id: String
        let title: String
        let details: String?
        let date: String
        let category: String
        let categoryName: String
        let skill: String?

        init(_ moment: MemorableMoment, skills: [Skill]) {
            id = moment.id.text
            title = moment.title
            details = moment.details
            date = DayText.heading(moment.day)
            category = moment.category.rawValue
            categoryName = moment.category.name
            skill = moment.skillID.flatMap { id in skills.first { $0.id == id }?.name }
        }
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let query = request.uri.queryParameters
        func day(_ name: String) throws -> LocalDay? {
            guard let text = query.get(name), !text.isEmpty else { return nil }
            return try LocalDay.parse(String(text), field: name)
        }
        let category = try query.get("category").flatMap { $0.isEmpty ? nil : try MomentCategory.parse(String($0)) }
        let filter = MomentFilter(from: try day("from"), to: try day("to"), category: category)
        var view = try await view(filter, skill: query.get("skill").flatMap { UUID(text: String($0)) })
        view.date = try day("on")?.description ?? view.date
        return HTML.response(templates.render(view, .skillsMoments))
    }

    /// The page with its form filled in with a moment, to change it.
    func edit(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let moment = try await scope.moments.moment(id: try Self.id(context))
        var view = try await view(MomentFilter(), skill: moment.skillID, category: moment.category)
        view.edit(moment.id)
        view.name = moment.title
        view.details = moment.details ?? ""
        view.date = moment.day.description
        return HTML.response(templates.render(view, .skillsMoments))
    }

    func update(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let id = try await scope.moments.moment(id: try Self.id(context)).id
        let form = try await FormBody(request: request)
        do {
            _ = try await scope.moments.update(
                id: id,
                MomentDraft(
                    title: form["title"] ?? "", details: form["description"],
                    day: try LocalDay.parse(form.text("date") ?? "", field: "date"),
                    category: try MomentCategory.parse(form["category"] ?? ""), skill: form["skill"]))
            return HTML.redirect(to: "/skills/moments")
        } catch let error as TallyError {
            var view = try await view(MomentFilter())
            view.edit(id)
            view.name = form["title"] ?? ""
            view.details = form["description"] ?? ""
            view.date = form["date"] ?? view.date
            view.error = FormMessage.text(error)
            return HTML.response(templates.render(view, .skillsMoments), status: .badRequest)
        }
    }

    static func id(_ context: SignedInContext) throws -> UUID {
        let text = try context.parameters.require("id")
        guard let id = UUID(text: text) else { throw TallyError.notFound(kind: "memorable moment", id: text) }
        return id
    }

    func create(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        do {
            _ = try await scope.moments.add(
                MomentDraft(
                    title: form["title"] ?? "", details: form["description"],
                    day: try form.text("date").map { text throws(TallyError) in try LocalDay.parse(text, field: "date")
                    },
                    category: try MomentCategory.parse(form["category"] ?? ""), skill: form["skill"]))
            return HTML.redirect(to: HTML.localPath(form["returnTo"], default: "/skills/moments"))
        } catch let error as TallyError {
            var view = try await view(MomentFilter())
            view.error = FormMessage.text(error)
            return HTML.response(templates.render(view, .skillsMoments), status: .badRequest)
        }
    }

    func delete(_ request: Request, _ context: SignedInContext) async throws -> Response {
        try await scope.moments.delete(id: try Self.id(context))
        return HTML.redirect(to: "/skills/moments")
    }

    private func view(
        _ filter: MomentFilter, skill: UUID? = nil, category: MomentCategory? = nil
    ) async throws -> View {
        let skills = try await scope.skills.all()
        let today = try await scope.now().today
        let categories = MomentCategory.allCases
        return View(
            moments: try await scope.moments.list(filter).map { MomentRow($0, skills: skills) },
            categories: categories.map { Choice(value: $0.rawValue, name: $0.name, selected: $0 == category) },
            filterCategories: categories.map {
                Choice(value: $0.rawValue, name: $0.name, selected: $0 == filter.category)
            },
            skills: skills.map { Choice(value: $0.id.text, name: $0.name, selected: $0.id == skill) },
            from: filter.from?.description ?? "", to: filter.to?.description ?? "", date: today.description)
    }
}
