import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Memorable moments (B-015): add one, list them filtered by dates and category.
struct SkillsMomentsPage: UserRoutes {
    let scopes: UserScopes
    let templates: Templates

    struct View {
        let title = "Moments"
        let moments: [MomentRow]
        let categories: [Choice]
        let filterCategories: [Choice]
        let skills: [Choice]
        let from: String
        let to: String
        let today: String
        var error: String?
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
            id = moment.id.uuidString
            title = moment.title
            details = moment.details
            date = DayText.heading(moment.day)
            category = moment.category.rawValue
            categoryName = moment.category.name
            skill = moment.skillID.flatMap { id in skills.first { $0.id == id }?.name }
        }
    }

    func page(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        func day(_ name: String) throws -> LocalDay? {
            guard let text = query.get(name), !text.isEmpty else { return nil }
            return try LocalDay.parse(String(text), field: name)
        }
        let category = try query.get("category").flatMap { $0.isEmpty ? nil : try MomentCategory.parse(String($0)) }
        let filter = MomentFilter(from: try day("from"), to: try day("to"), category: category)
        return HTML.response(templates.render(try await view(filter), "skills-moments"))
    }

    func create(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let form = try await FormBody(request: request)
        do {
            let category = try MomentCategory.parse(form["category"] ?? "")
            let day = try form.text("date").map { text throws(TallyError) in try LocalDay.parse(text, field: "date") }
            let skillID = form.text("skill").flatMap(UUID.init(uuidString:))
            _ = try await scope.moments.add(
                title: form["title"] ?? "", details: form["description"], day: day, category: category,
                skillID: skillID)
            return HTML.redirect(to: HTML.localPath(form["returnTo"], default: "/skills/moments"))
        } catch let error as TallyError {
            var view = try await view(MomentFilter())
            view.error = FormMessage.text(error)
            return HTML.response(templates.render(view, "skills-moments"), status: .badRequest)
        }
    }

    func delete(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let text = try context.parameters.require("id")
        guard let id = UUID(uuidString: text) else { throw TallyError.notFound(kind: "memorable moment", id: text) }
        try await scope.moments.delete(id: id)
        return HTML.redirect(to: "/skills/moments")
    }

    private func view(_ filter: MomentFilter) async throws -> View {
        let skills = try await scope.skills.all()
        let today = try await scope.now().today
        let categories = MomentCategory.allCases
        return View(
            moments: try await scope.moments.list(filter).map { MomentRow($0, skills: skills) },
            categories: categories.map { Choice(value: $0.rawValue, name: $0.name, selected: false) },
            filterCategories: categories.map {
                Choice(value: $0.rawValue, name: $0.name, selected: $0 == filter.category)
            },
            skills: skills.map { Choice(value: $0.id.uuidString, name: $0.name, selected: false) },
            from: filter.from?.description ?? "", to: filter.to?.description ?? "", today: today.description)
    }
}
