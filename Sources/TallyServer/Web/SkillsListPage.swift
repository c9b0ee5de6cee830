import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Every skill with its settings (B-002), and one skill's own history.
struct SkillsListPage {
    let scope: UserScope
    let templates: PageTemplates

    struct View {
        let title = "All Skills"
        let skills: [Row]
    }

    struct Row {
        let id: String
        let name: String
        let category: String
        let colour: String
        let frequency: String
        let timeFrame: String
        let rollover: Bool
        let archived: Bool
    }

    struct HistoryView {
        let title: String
        let name: String
        let id: String
        let summary: String
        let percent: Int
        let heatWeeks: [[SkillsViews.Cell]]
        let frequency: String
        let timeFrame: String
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let today = try await scope.now().today
        let categories = try await scope.skills.categories()
        let rows = try await scope.skills.all().map { skill in
            let category = categories.entry(for: skill.fields.category)
            return Row(
                id: skill.id.text, name: skill.name, category: category.name, colour: category.colour,
                frequency: skill.frequency.label, timeFrame: skill.fields.timeFrameLabel,
                rollover: skill.fields.rollover, archived: skill.isArchived(on: today))
        }
        return HTML.response(templates.render(View(skills: rows), .skillsAll))
    }

    func history(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let history = try await scope.skills.history(id: try SkillsFormPage.id(context))
        let score = history.score
        let view = HistoryView(
            title: history.skill.name, name: history.skill.name, id: history.skill.id.text,
            summary:
                "\(score.full) done, \(score.partial) partial, \(score.missed) missed since \(DayText.short(history.skill.fields.startDay))",
            percent: score.percent,
            heatWeeks: history.heatmap.weeks.map {
                $0.map { SkillsViews.cell($0.day, score: $0.score, isFuture: $0.isFuture) }
            },
            frequency: history.skill.frequency.label, timeFrame: history.skill.fields.timeFrameLabel)
        return HTML.response(templates.render(view, .skillsHistory))
    }
}
