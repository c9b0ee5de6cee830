import Foundation
import TallyCore
import TallyServices
import TallyStorage

/// The generated API protocol, implemented over the services. Domain errors are thrown and mapped to
/// problem+json by ``ErrorMiddleware``. Each operation acts for the person of the request it serves
/// (``APIRequest``).
struct TallyAPI: APIProtocol {
    let scopes: UserScopes
    let accounts: AccountService
    let notificationSetup: NotificationSetup
    /// Where diary share links are kept, and the address people open Tally at (`--public-url`) for a new
    /// link's address.
    let diaryShares: any DiaryShareStore
    let publicURL: URL?

    /// The signed-in person's scope, with the request's reading of "now".
    var scope: UserScope {
        get throws { try APIRequest.context().scope }
    }

    /// The signed-in person.
    var user: UserAccount {
        get throws { try APIRequest.context().user }
    }

    func listBathroomEvents(
        _ input: Operations.ListBathroomEvents.Input
    ) async throws
        -> Operations.ListBathroomEvents.Output
    {
        let query = input.query
        let (from, to) = try APIValue.days(
            day: query.day, from: query.from, to: query.to, today: try await scope.now().today)
        let before = try query.before.map { try RecordCursor(parsing: $0) }
        return .ok(
            .init(
                body: .json(
                    try await APIReads.bathroomEvents(from: from, to: to, limit: query.limit, before: before, scope))))
    }

    func createBathroomEvent(
        _ input: Operations.CreateBathroomEvent.Input
    ) async throws
        -> Operations.CreateBathroomEvent.Output
    {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let now = try await scope.now()
        let draft = BathroomEventDraft(
            id: try APIValue.clientID(body.id), at: body.at.map { .instant($0) }, timeZoneID: body.timeZone,
            note: body.note, volumeML: body.volumeMl, urgency: body.urgency, leak: body.leak ?? false)
        let event = try await scope.bathroom.log(draft, now: now)
        return .created(.init(body: .json(APIValue.event(event, boundary: now.settings.boundary))))
    }

    func getBathroomEvent(_ input: Operations.GetBathroomEvent.Input) async throws -> Operations.GetBathroomEvent.Output
    {
        let event = try await scope.bathroom.event(id: try APIValue.id(input.path.id))
        return .ok(.init(body: .json(try await rendered(event))))
    }

    func updateBathroomEvent(
        _ input: Operations.UpdateBathroomEvent.Input
    ) async throws
        -> Operations.UpdateBathroomEvent.Output
    {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        let id = try APIValue.id(input.path.id)
        try APIValue.checkSameID(body.id, id)
        let draft = BathroomEventDraft(
            at: body.at.map { .instant($0) }, timeZoneID: body.timeZone, note: body.note, volumeML: body.volumeMl,
            urgency: body.urgency, leak: body.leak ?? false)
        let event = try await scope.bathroom.update(id: id, draft)
        return .ok(.init(body: .json(try await rendered(event))))
    }

    func deleteBathroomEvent(
        _ input: Operations.DeleteBathroomEvent.Input
    ) async throws
        -> Operations.DeleteBathroomEvent.Output
    {
        try await scope.bathroom.delete(id: try APIValue.id(input.path.id))
        return .noContent(.init())
    }

    func getBathroomDiary(_ input: Operations.GetBathroomDiary.Input) async throws -> Operations.GetBathroomDiary.Output
    {
        let from = try LocalDay.parse(input.query.from, field: "from")
        let to = try LocalDay.parse(input.query.to, field: "to")
        let diary = try await scope.bathroom.diary(from: from, to: to)
        return .ok(.init(body: .json(APIValue.diary(diary))))
    }

    func getBathroomDiaryReport(
        _ input: Operations.GetBathroomDiaryReport.Input
    ) async throws
        -> Operations.GetBathroomDiaryReport.Output
    {
        let from = try LocalDay.parse(input.query.from, field: "from")
        let to = try LocalDay.parse(input.query.to, field: "to")
        return .ok(.init(body: .json(try await APIReads.diaryReport(from: from, to: to, scope))))
    }

    /// An event as the API shows it, with its local day under the user's day start.
    private func rendered(_ event: BathroomEvent) async throws -> Components.Schemas.BathroomEvent {
        APIValue.event(event, boundary: try await scope.now().settings.boundary)
    }

    func getSettings(_ input: Operations.GetSettings.Input) async throws -> Operations.GetSettings.Output {
        .ok(.init(body: .json(APIValue.settings(try await scope.settings.current(), machine: scopes.machineZone))))
    }

    func updateSettings(_ input: Operations.UpdateSettings.Input) async throws -> Operations.UpdateSettings.Output {
        guard case .json(let body) = input.body else { throw TallyError.unreadable("send application/json") }
        var changes: [SettingKey: String] = [:]
        changes[.timeZone] = body.timeZone
        changes[.dayStart] = body.dayStart
        changes[.bedtime] = body.bedtime
        changes[.wakeTime] = body.wakeTime
        var named: [SettingName: String] = [:]
        named[.weekStart] = body.weekStart
        named[.birthYear] = body.birthYear
        let settings = try await scope.settings.update(changes, named: named)
        return .ok(.init(body: .json(APIValue.settings(settings, machine: scopes.machineZone))))
    }
}
