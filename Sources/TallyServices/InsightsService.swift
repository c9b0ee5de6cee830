import Foundation
import TallyCore
import TallyStorage

/// Insights across trackers (issue 53) over the last ``days`` complete days: the days gathered from each
/// tracker in the person's zone, day start and sleep window, then ``CrossTrackerInsights``.
public struct InsightsService: Sendable {
    let scope: UserScope

    public static let days = 90

    /// The insights, and the days they read (yesterday and the 89 before it).
    public func insights() async throws -> (from: LocalDay, to: LocalDay, insights: [Insight]) {
        let now = try await scope.now()
        let to = now.today.adding(days: -1)
        let from = to.adding(days: 1 - Self.days)
        let days = try await days(from: from, to: to, now: now)
        return (from, to, CrossTrackerInsights.all(days, unit: now.settings.water.unit))
    }

    /// Each day from `from` to `to`, with what each tracker logged.
    func days(from: LocalDay, to: LocalDay, now: Now) async throws -> [InsightDay] {
        let boundary = now.settings.boundary
        let sleep = now.settings.sleep
        let water = try await scope.water.entries(from: from, to: to)
        var waterByDay: [LocalDay: [WaterEntry]] = [:]
        for entry in water { waterByDay[entry.localDay(boundary), default: []].append(entry) }
        let events = try await scope.bathroom.events(from: from, to: to.adding(days: 1))
        let journal = try await scope.journal.entries(from: from, to: to)
        let moods = Dictionary(
            journal.compactMap { entry in entry.mood.map { (entry.date, $0.rating) } },
            uniquingKeysWith: { first, _ in first })
        let skills = try await scope.skills.all()
        let marks = try await scope.store.skillMarks(owner: scope.owner, in: from...to)
        var done: [LocalDay: Int] = [:]
        for mark in marks where mark.level == .full { done[mark.day, default: 0] += 1 }

        var days: [InsightDay] = []
        var day = from
        while day <= to {
            let window = DiaryDayWindow(day: day, sleep: sleep)
            var insight = InsightDay(day: day)
            if let entries = waterByDay[day] {
                insight.waterML = entries.reduce(0) { $0 + $1.amountML }
                let bed = now.zone.instant(of: window.bed)
                let evening = DateInterval(start: bed.addingTimeInterval(-3 * 3_600), end: bed)
                insight.eveningWaterML = entries.filter { evening.contains($0.at) && $0.at < bed }
                    .reduce(0) { $0 + $1.amountML }
            }
            let awake = events.filter { window.isAwake($0.localDateTime) }.count
            let night = events.filter { window.isNight($0.localDateTime) }.count
            // A day without a visit logged is a day the tracker was not used, not a day without visits.
            if awake + night > 0 {
                insight.dayVisits = awake
                if now.zone.localDateTime(of: now.instant) >= window.nextWake { insight.nightVisits = night }
            }
            insight.mood = moods[day]
            if skills.contains(where: { $0.isActive(on: day) }) { insight.skillsDone = done[day] ?? 0 }
            days.append(insight)
            day = day.adding(days: 1)
        }
        return days
    }
}
