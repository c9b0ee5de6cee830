import Foundation
import TallyCore

/// Conversions between the generated API types and the domain.
enum APIValue {
    static func id(_ text: String, kind: String = "bathroom event") throws(TallyError) -> UUID {
        guard let id = UUID(text: text) else { throw .notFound(kind: kind, id: text) }
        return id
    }

    /// The id a client made for what it creates (`id` in the body), or nil when it sent none.
    static func clientID(_ text: String?) throws(TallyError) -> UUID? {
        guard let text else { return nil }
        guard let id = UUID(text: text) else {
            throw .invalid(field: "id", reason: "'\(text)' is not a UUID")
        }
        return id
    }

    /// Refuses an update whose body names another record than its address.
    static func checkSameID(_ text: String?, _ id: UUID) throws(TallyError) {
        guard let text else { return }
        guard UUID(text: text) == id else {
            throw .invalid(field: "id", reason: "the body's id '\(text)' is not the id in the address (\(id))")
        }
    }

    /// The days a list covers: `day` alone, `from` and `to` together, or today when none is given.
    static func days(
        day: String?, from: String?, to: String?, today: LocalDay
    ) throws(TallyError) -> (
        LocalDay, LocalDay
    ) {
        switch (day, from, to) {
        case (nil, nil, nil): return (today, today)
        case (let day?, nil, nil):
            let day = try LocalDay.parse(day, field: "day")
            return (day, day)
        case (nil, let start?, let end?):
            return (try LocalDay.parse(start, field: "from"), try LocalDay.parse(end, field: "to"))
        default:
            throw .invalid(field: "day", reason: "give either day, or both from and to")
        }
    }

    static func event(_ event: BathroomEvent, boundary: DayBoundary) -> Components.Schemas.BathroomEvent {
        let local = event.localDateTime
        return .init(
            id: event.id.text, at: event.at, timeZone: event.timeZoneID,
            localDay: event.localDay(boundary).description, localTime: local.timeOfDay.description,
            note: event.note, volumeMl: event.volumeML, urgency: event.urgency, leak: event.leak,
            createdAt: event.meta.createdAt, modifiedAt: event.meta.modifiedAt, deviceId: event.meta.deviceID.text
        )
    }

    static func diary(_ diary: BladderDiary) -> Components.Schemas.BathroomDiary {
        .init(
            from: diary.from.description, to: diary.to.description, days: diary.days, totalVoids: diary.totalVoids,
            voidsPerDay: diary.voidsPerDay, dayVoids: diary.dayVoids, nightVoids: diary.nightVoids, leaks: diary.leaks,
            meanUrgency: diary.meanUrgency, measuredVoids: diary.measuredVoids, volumePer24hMl: diary.volumePer24hML,
            meanVoidedVolumeMl: diary.meanVoidedVolumeML, maxVoidedVolumeMl: diary.maxVoidedVolumeML,
            nightVolumeMl: diary.nightVolumeML, nocturnalPolyuriaIndex: diary.nocturnalPolyuriaIndex,
            bedtime: diary.sleep.bedtime.description, wakeTime: diary.sleep.wakeTime.description,
            perDay: diary.perDay.map {
                .init(
                    day: $0.day.description, voids: $0.voids, dayVoids: $0.dayVoids, nightVoids: $0.nightVoids,
                    leaks: $0.leaks, measuredVoids: $0.measuredVoids, volumeMl: $0.volumeML)
            })
    }

    static func settings(_ settings: UserSettings, machine: TimeZone) -> Components.Schemas.Settings {
        .init(
            timeZone: settings.zone(machine: machine).identifier, timeZoneIsChosen: settings.timeZoneID != nil,
            dayStart: settings.dayStart.description, bedtime: settings.bedtime.description,
            wakeTime: settings.wakeTime.description, weekStart: weekStart(settings.weekStart),
            firstWeekday: weekday(settings.firstWeekday(machine: machine)), birthYear: settings.birthYear)
    }
}
