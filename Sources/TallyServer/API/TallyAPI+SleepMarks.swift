import Foundation
import TallyCore
import TallyServices

/// The bladder diary's went-to-bed and got-up marks (`/bathroom/diary/marks`), through
/// ``SleepMarkService`` and its draft, as the diary page and `tally pee mark`.
extension TallyAPI {
    func listSleepMarks(_ input: Operations.ListSleepMarks.Input) async throws -> Operations.ListSleepMarks.Output {
        let from = try LocalDay.parse(input.query.from, field: "from")
        let to = try LocalDay.parse(input.query.to, field: "to")
        let marks = try await scope.sleepMarks.marks(from: from, to: to)
        return .ok(.init(body: .json(.init(marks: marks.map(Self.sleepMark)))))
    }

    func setSleepMark(_ input: Operations.SetSleepMark.Input) async throws -> Operations.SetSleepMark.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let at: DraftTime? = body.at.map { .instant($0) } ?? body.time.map { .typed($0) }
        let draft = SleepMarkDraft(
            kind: body.kind == .bed ? .bed : .wake, at: at,
            day: try body.day.map { try LocalDay.parse($0, field: "day") }, timeZoneID: body.timeZone)
        return .ok(.init(body: .json(Self.sleepMark(try await scope.sleepMarks.mark(draft)))))
    }

    func deleteSleepMark(_ input: Operations.DeleteSleepMark.Input) async throws -> Operations.DeleteSleepMark.Output {
        let day = try LocalDay.parse(input.path.day, field: "day")
        try await scope.sleepMarks.remove(input.path.kind == .bed ? .bed : .wake, on: day)
        return .noContent(.init())
    }

    static func sleepMark(_ mark: SleepMark) -> Components.Schemas.SleepMark {
        .init(
            id: mark.id.text, day: mark.day.description, kind: mark.kind == .bed ? .bed : .wake, at: mark.at,
            localTime: mark.localDateTime.minuteText, timeZone: mark.timeZoneID)
    }
}
