import Foundation
import TallyCore

/// Everything the skills home screen (S-001) shows for a selected day.
public struct SkillsHome: Sendable {
    public struct Group: Sendable {
        public let category: SkillCategories.Entry
        public let tasks: [SkillTask]
    }

    public let today: LocalDay
    public let selected: LocalDay
    public let greeting: Greeting
    public let week: WeekCalendar
    public let routine: RoutineDay
    /// The selected day's tasks, grouped by category in the category list's order.
    public let groups: [Group]
    /// Skills whose time frame ended and that ask for a review.
    public let reviews: [Skill]
    public let categories: SkillCategories
    public let skillCount: Int
    /// What each skill's rule saw, for the selected day's completions a rule made ("2,150 ml").
    public internal(set) var ruleNotes: [UUID: String] = [:]

    public init(
        book: SkillBook, categories: SkillCategories, routine: RoutineDay, selected: LocalDay, now: Now
    ) {
        today = now.today
        self.selected = selected
        greeting = Greeting(at: now.zone.localDateTime(of: now.instant))
        week = WeekCalendar(book: book, selected: selected, today: now.today)
        self.routine = routine
        self.categories = categories
        let tasks = book.tasks(on: selected)
        groups = categories.entries.compactMap { entry in
            let inGroup = tasks.filter { categories.entry(for: $0.skill.fields.category).key == entry.key }
            return inGroup.isEmpty ? nil : Group(category: entry, tasks: inGroup)
        }
        reviews = book.skills.filter { $0.needsReview(on: now.today) }
        skillCount = book.skills.count
    }

    public var tasks: [SkillTask] { groups.flatMap(\.tasks) }
}
