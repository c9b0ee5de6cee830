import Foundation
import TallyCore
import TallyServices

/// The water tracker's operations.
extension TallyAPI {
    func getToday(_ input: Operations.GetToday.Input) async throws -> Operations.GetToday.Output {
        .ok(.init(body: .json(try await APIReads.today(scope))))
    }

    func listWaterEntries(_ input: Operations.ListWaterEntries.Input) async throws -> Operations.ListWaterEntries.Output
    {
        let now = try await scope.now()
        let query = input.query
        let (from, to) = try APIValue.days(day: query.day, from: query.from, to: query.to, today: now.today)
        let page = try await scope.water.entries(
            from: from, to: to, limit: query.limit, before: try query.before.map { try RecordCursor(parsing: $0) })
        return .ok(
            .init(
                body: .json(
                    .init(
                        from: from.description, to: to.description, count: page.count, totalMl: page.amountML,
                        next: page.next?.text,
                        entries: page.records.map { APIValue.waterEntry($0, boundary: now.settings.boundary) }))))
    }

    func createWaterEntry(_ input: Operations.CreateWaterEntry.Input) async throws -> Operations.CreateWaterEntry.Output
    {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let now = try await scope.now()
        guard let amount = try APIValue.amount(body.amountMl, body.amount) else {
            throw TallyError.invalid(field: "amountMl", reason: "give amountMl or amount")
        }
        let draft = WaterEntryDraft(
            id: try APIValue.clientID(body.id), amount: amount, at: body.at.map { .instant($0) },
            timeZoneID: body.timeZone, drinkKind: body.drinkKind)
        let entry = try await scope.water.log(draft, source: .api, now: now)
        return .created(.init(body: .json(APIValue.waterEntry(entry, boundary: now.settings.boundary))))
    }

    func getWaterEntry(_ input: Operations.GetWaterEntry.Input) async throws -> Operations.GetWaterEntry.Output {
        let entry = try await scope.water.entry(id: try APIValue.id(input.path.id, kind: "water entry"))
        return .ok(.init(body: .json(APIValue.waterEntry(entry, boundary: try await scope.now().settings.boundary))))
    }

    func updateWaterEntry(_ input: Operations.UpdateWaterEntry.Input) async throws -> Operations.UpdateWaterEntry.Output
    {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let id = try APIValue.id(input.path.id, kind: "water entry")
        try APIValue.checkSameID(body.id, id)
        let draft = WaterEntryDraft(
            amount: try APIValue.amount(body.amountMl, body.amount), at: body.at.map { .instant($0) },
            timeZoneID: body.timeZone, drinkKind: body.drinkKind)
        let entry = try await scope.water.update(id: id, draft)
        return .ok(.init(body: .json(APIValue.waterEntry(entry, boundary: try await scope.now().settings.boundary))))
    }

    func deleteWaterEntry(_ input: Operations.DeleteWaterEntry.Input) async throws -> Operations.DeleteWaterEntry.Output
    {
        try await scope.water.delete(id: try APIValue.id(input.path.id, kind: "water entry"))
        return .noContent(.init())
    }

    func undoWaterEntry(_ input: Operations.UndoWaterEntry.Input) async throws -> Operations.UndoWaterEntry.Output {
        let expected = try input.query.id.map { text throws(TallyError) in
            guard let id = UUID(text: text) else {
                throw TallyError.invalid(field: "id", reason: "'\(text)' is not an entry id")
            }
            return id
        }
        let entry = try await scope.water.undo(expected: expected)
        return .ok(.init(body: .json(APIValue.waterEntry(entry, boundary: try await scope.now().settings.boundary))))
    }

    func getWaterDay(_ input: Operations.GetWaterDay.Input) async throws -> Operations.GetWaterDay.Output {
        .ok(.init(body: .json(try await APIReads.waterDay(try LocalDay.parse(input.path.day, field: "day"), scope))))
    }

    func getWaterStats(_ input: Operations.GetWaterStats.Input) async throws -> Operations.GetWaterStats.Output {
        .ok(.init(body: .json(try await APIReads.waterStats(scope))))
    }

    func getWaterWeek(_ input: Operations.GetWaterWeek.Input) async throws -> Operations.GetWaterWeek.Output {
        let week = try await scope.water.week(containing: try LocalDay.parse(input.path.day, field: "day"))
        let firstWeekday = try await scope.now().firstWeekday
        return .ok(.init(body: .json(APIValue.waterWeek(week, firstWeekday: firstWeekday))))
    }

    func getWaterRange(_ input: Operations.GetWaterRange.Input) async throws -> Operations.GetWaterRange.Output {
        let from = try LocalDay.parse(input.query.from, field: "from")
        let to = try LocalDay.parse(input.query.to, field: "to")
        return .ok(.init(body: .json(APIValue.waterRange(try await scope.water.range(from: from, to: to)))))
    }

    func getWaterCalendar(_ input: Operations.GetWaterCalendar.Input) async throws -> Operations.GetWaterCalendar.Output
    {
        let (year, month) = try WaterMonth.parseMonth(input.path.month)
        return .ok(.init(body: .json(APIValue.waterMonth(try await scope.water.month(year: year, month: month)))))
    }

    func getWaterSettings(_ input: Operations.GetWaterSettings.Input) async throws -> Operations.GetWaterSettings.Output
    {
        .ok(.init(body: .json(try await waterSettings())))
    }

    func updateWaterSettings(
        _ input: Operations.UpdateWaterSettings.Input
    ) async throws -> Operations.UpdateWaterSettings.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        // 0 takes a weekly or monthly goal away.
        var periodGoals: [WaterPeriod: WaterSettingsDraft.Amount?] = [:]
        for case (let period, let goal?) in [(WaterPeriod.week, body.weekGoalMl), (.month, body.monthGoalMl)] {
            periodGoals[period] = goal == 0 ? .some(nil) : .millilitres(goal)
        }
        var draft = WaterSettingsDraft(
            unit: try body.unit.map { unit throws(TallyError) in try VolumeUnit.parse(unit.rawValue) },
            presets: body.presetsMl.map { $0.map { .millilitres($0) } }, step: body.stepMl.map { .millilitres($0) },
            goal: body.goalMl.map { .millilitres($0) }, periodGoals: periodGoals, sharing: body.shareEnabled)
        (draft.goalField, draft.periodGoalFields) = ("goalMl", [.week: "weekGoalMl", .month: "monthGoalMl"])
        try await scope.water.apply(draft)
        return .ok(.init(body: .json(try await waterSettings())))
    }

    private func waterSettings() async throws -> Components.Schemas.WaterSettings {
        let water = try await scope.settings.current().water
        return .init(
            unit: APIValue.unit(water.unit), goalMl: try await scope.water.currentGoal(),
            weekGoalMl: try await scope.water.currentGoal(.week),
            monthGoalMl: try await scope.water.currentGoal(.month),
            presetsMl: water.presetsML, stepMl: water.stepML, shareEnabled: water.shareToken != nil,
            sharePath: water.shareToken.map { "/shared/\($0)" })
    }
}
