import Foundation
import TallyCore
import TallyServices

/// The JSON the API answers, for what a tool reads or writes: `read_today` answers what
/// `GET /api/v1/today` does, `log_water` the entry `POST /api/v1/water/entries` answers. The server's
/// module makes it from the API's own types (``TallyServer/TallyAPIAnswers``), so an assistant reads
/// nothing shaped otherwise than the API, and the API's document describes it.
public protocol APIAnswers: Sendable {
    /// `GET /api/v1/today`.
    func today(_ scope: UserScope) async throws -> Data
    /// A day's water (`GET /api/v1/water/days/{day}`), bathroom events, skills' tasks and journal entry.
    func day(_ day: LocalDay, _ scope: UserScope) async throws -> Data
    /// `GET /api/v1/water/stats`.
    func waterStats(_ scope: UserScope) async throws -> Data
    /// `GET /api/v1/bathroom/diary/report?from=&to=`.
    func diaryReport(from: LocalDay, to: LocalDay, _ scope: UserScope) async throws -> Data
    func waterEntry(_ entry: WaterEntry, _ scope: UserScope) async throws -> Data
    func bathroomEvent(_ event: BathroomEvent, _ scope: UserScope) async throws -> Data
    /// What `POST /api/v1/skills/{id}/completions` answers.
    func completion(_ completion: SkillCompletion) throws -> Data
    func reminder(_ reminder: Reminder) throws -> Data
    func journalEntry(_ entry: JournalEntry) throws -> Data
}
