import Foundation
import TallyCore
import TallyServices

/// The skills tracker's operations (seed 004).
extension TallyAPI {
    func listSkills(_ input: Operations.ListSkills.Input) async throws -> Operations.ListSkills.Output {
        let today = try await scope.now().today
        return .ok(.init(body: .json(try await scope.skills.all().map { APIValue.skill($0, today: today) })))
    }

    func createSkill(_ input: Operations.CreateSkill.Input) async throws -> Operations.CreateSkill.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let skill = try await scope.skills.add(try APIValue.skillDraft(body))
        return .created(.init(body: .json(APIValue.skill(skill, today: try await scope.now().today))))
    }

    func getSkill(_ input: Operations.GetSkill.Input) async throws -> Operations.GetSkill.Output {
        let skill = try await scope.skills.skill(id: try APIValue.id(input.path.id, kind: "skill"))
        return .ok(.init(body: .json(APIValue.skill(skill, today: try await scope.now().today))))
    }

    func updateSkill(_ input: Operations.UpdateSkill.Input) async throws -> Operations.UpdateSkill.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let id = try APIValue.id(input.path.id, kind: "skill")
        let skill = try await scope.skills.update(id: id, try APIValue.skillDraft(body))
        return .ok(.init(body: .json(APIValue.skill(skill, today: try await scope.now().today))))
    }

    func deleteSkill(_ input: Operations.DeleteSkill.Input) async throws -> Operations.DeleteSkill.Output {
        try await scope.skills.delete(id: try APIValue.id(input.path.id, kind: "skill"))
        return .noContent(.init())
    }

    func archiveSkill(_ input: Operations.ArchiveSkill.Input) async throws -> Operations.ArchiveSkill.Output {
        let id = try APIValue.id(input.path.id, kind: "skill")
        let skill = try await scope.skills.setArchived(id: id, input.query.archived ?? true)
        return .ok(.init(body: .json(APIValue.skill(skill, today: try await scope.now().today))))
    }

    func completeSkill(_ input: Operations.CompleteSkill.Input) async throws -> Operations.CompleteSkill.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let id = try APIValue.id(input.path.id, kind: "skill")
        let completion = try await scope.skills.complete(
            id: id, level: APIValue.level(body.level), day: try APIValue.optionalDay(body.date, field: "date"))
        return .ok(
            .init(
                body: .json(
                    .init(
                        skillId: completion.skillID.text, day: completion.day.description,
                        level: APIValue.level(completion.level), ruleDetail: completion.ruleDetail))))
    }

    func getSkillsDay(_ input: Operations.GetSkillsDay.Input) async throws -> Operations.GetSkillsDay.Output {
        .ok(
            .init(
                body: .json(
                    try await APIReads.skillsDay(try APIValue.optionalDay(input.query.date, field: "date"), scope))))
    }

    func getSkillsProgress(
        _ input: Operations.GetSkillsProgress.Input
    ) async throws -> Operations.GetSkillsProgress.Output {
        let today = try await scope.now().today
        let progress = try await scope.skills.progress()
        let heatmap = try await scope.skills.heatmap()
        return .ok(
            .init(
                body: .json(
                    .init(
                        total: APIValue.score(progress.total), activeSkills: progress.activeCount,
                        archivedSkills: progress.archivedCount, perfectDays: progress.perfectDays,
                        skills: progress.skills.map {
                            .init(skill: APIValue.skill($0.skill, today: today), score: APIValue.score($0.score))
                        },
                        heatmap: heatmap.cells.filter { !$0.isFuture }.map { APIValue.dayScore($0.day, $0.score) }))))
    }

    func getSkillsWeek(_ input: Operations.GetSkillsWeek.Input) async throws -> Operations.GetSkillsWeek.Output {
        let week = try await scope.skills.week(containing: try APIValue.optionalDay(input.query.date, field: "date"))
        return .ok(
            .init(
                body: .json(
                    .init(
                        from: week.start.description, to: week.start.adding(days: 6).description, label: week.label,
                        total: APIValue.score(week.total),
                        days: zip(week.days, week.scores).map { APIValue.dayScore($0, $1) }))))
    }

    func getSkillsMonth(_ input: Operations.GetSkillsMonth.Input) async throws -> Operations.GetSkillsMonth.Output {
        let (year, month) = try WaterMonth.parseMonth(input.path.month)
        let view = try await scope.skills.month(year: year, month: month)
        return .ok(
            .init(
                body: .json(
                    .init(
                        from: view.days[0].day.description, to: view.days[view.days.count - 1].day.description,
                        label: view.label, total: APIValue.score(view.total),
                        days: view.days.map { APIValue.dayScore($0.day, $0.score) }))))
    }

    func getSkillsYear(_ input: Operations.GetSkillsYear.Input) async throws -> Operations.GetSkillsYear.Output {
        let view = try await scope.skills.year(input.path.year)
        return .ok(
            .init(
                body: .json(
                    .init(
                        year: view.year, total: APIValue.score(view.total),
                        months: view.months.map { .init(month: $0.month, score: APIValue.score($0.score)) }))))
    }

    func getRoutine(_ input: Operations.GetRoutine.Input) async throws -> Operations.GetRoutine.Output {
        let day = try await scope.routine.day(try APIValue.optionalDay(input.query.date, field: "date"))
        return .ok(.init(body: .json(APIValue.routine(day))))
    }

    func setRoutineHabit(_ input: Operations.SetRoutineHabit.Input) async throws -> Operations.SetRoutineHabit.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let habit = try RoutineHabit.parse(input.path.habit)
        let day = try await scope.routine.set(
            habit, level: APIValue.level(body.level), day: try APIValue.optionalDay(body.date, field: "date"))
        return .ok(.init(body: .json(APIValue.routine(day))))
    }

    func listMoments(_ input: Operations.ListMoments.Input) async throws -> Operations.ListMoments.Output {
        let query = input.query
        let filter = MomentFilter(
            from: try APIValue.optionalDay(query.from, field: "from"),
            to: try APIValue.optionalDay(query.to, field: "to"),
            category: try query.category.map { text throws(TallyError) in try MomentCategory.parse(text) })
        return .ok(.init(body: .json(try await scope.moments.list(filter).map(APIValue.moment))))
    }

    func createMoment(_ input: Operations.CreateMoment.Input) async throws -> Operations.CreateMoment.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let moment = try await scope.moments.add(
            MomentDraft(
                title: body.title, details: body.description, day: try APIValue.optionalDay(body.date, field: "date"),
                category: try MomentCategory.parse(body.category), skill: body.skillId))
        return .created(.init(body: .json(APIValue.moment(moment))))
    }

    func deleteMoment(_ input: Operations.DeleteMoment.Input) async throws -> Operations.DeleteMoment.Output {
        try await scope.moments.delete(id: try APIValue.id(input.path.id, kind: "memorable moment"))
        return .noContent(.init())
    }
}
