import ArgumentParser
import TallyCore

struct SkillsProgressCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "progress", abstract: "Completion per skill and overall, with partial counts and the heatmap.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let today = try await scope.now().today
        let progress = try await scope.skills.progress()
        let heatmap = try await scope.skills.heatmap()
        if json {
            return try Output.json(
                SkillsProgressJSON(
                    today: today.description, total: SkillScoreJSON(progress.total),
                    activeSkills: progress.activeCount, archivedSkills: progress.archivedCount,
                    daysTracked: progress.daysTracked, perfectDays: progress.perfectDays,
                    skills: progress.skills.map {
                        .init(
                            skill: SkillJSON($0.skill, today: today), score: SkillScoreJSON($0.score),
                            needsReview: $0.needsReview)
                    },
                    heatmap: heatmap.cells.filter { !$0.isFuture }.map {
                        .init(day: $0.day.description, level: $0.heatLevel)
                    }))
        }
        let total = progress.total
        print("Overall: \(total.percent)% (\(total.full) done, \(total.partial) partial, \(total.missed) missed)")
        for entry in progress.skills {
            let state = entry.isArchived ? "  (archived)" : ""
            print("  \(entry.score.percent)%  \(entry.skill.name)\(state)")
        }
    }
}

struct SkillsListCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Every skill, archived ones too.")

    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func run() async throws {
        let scope = try await store.scope()
        let today = try await scope.now().today
        let skills = try await scope.skills.all()
        if json { return try Output.json(skills.map { SkillJSON($0, today: today) }) }
        for skill in skills {
            let state = skill.isArchived(on: today) ? "  (archived)" : ""
            print("\(skill.name): \(skill.frequency.label), \(skill.fields.timeFrameLabel)\(state)  (\(skill.id))")
        }
    }
}
