import Foundation
import TallyCore
import TallyStorage

/// The morning routine (B-011): four habits, each none, partial or full on a day.
public struct RoutineService: Sendable {
    let scope: UserScope

    /// A day's habits (today by default); a future day shows all four at none.
    public func day(_ day: LocalDay? = nil) async throws -> RoutineDay {
        let today = try await scope.now().today
        let day = day ?? today
        return RoutineDay(
            day: day, completions: try await scope.store.routineCompletions(owner: scope.owner, in: day...day))
    }

    /// Sets a habit's level on a day (today by default); one record per habit and day.
    @discardableResult
    public func set(_ habit: RoutineHabit, level: CompletionLevel, day: LocalDay? = nil) async throws -> RoutineDay {
        let now = try await scope.now()
        let day = try await resolved(day)
        let stored = try await scope.store.routineCompletions(owner: scope.owner, in: day...day)
        let current = stored.first { $0.habit == habit }
        // The same level again (a retry, a replayed offline tap) changes nothing and stores nothing.
        if let current, !current.meta.isDeleted, current.level == level { return try await self.day(day) }
        var completion =
            current ?? RoutineCompletion(meta: scope.newMeta(at: now.instant), habit: habit, day: day, level: level)
        completion.level = level
        completion.meta.isDeleted = false
        completion.meta.modifiedAt = now.instant
        _ = try await scope.store.write(completion, now: now.instant)
        return try await self.day(day)
    }

    /// Each day of `from...to` with its four habits.
    public func range(from: LocalDay, to: LocalDay) async throws -> [RoutineDay] {
        try BathroomService.checkRange(from: from, to: to)
        let completions = try await scope.store.routineCompletions(owner: scope.owner, in: from...to)
        return (0...from.days(to: to)).map { RoutineDay(day: from.adding(days: $0), completions: completions) }
    }

    private func resolved(_ day: LocalDay?) async throws -> LocalDay {
        let today = try await scope.now().today
        let day = day ?? today
        guard day <= today else {
            throw TallyError.invalid(
                field: "date", reason: "\(day) is in the future; habits are done on or before today")
        }
        return day
    }
}
