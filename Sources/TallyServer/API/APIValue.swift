import Foundation
import TallyCore

/// Conversions between the generated API types and the domain.
enum APIValue {
    static func id(_ text: String) throws(TallyError) -> UUID {
        guard let id = UUID(uuidString: text) else { throw .notFound(kind: "bathroom event", id: text) }
        return id
    }

    static func event(_ event: BathroomEvent, boundary: DayBoundary) -> Components.Schemas.BathroomEvent {
        let local = event.localDateTime
        return .init(
            id: event.id.uuidString, at: event.at, timeZone: event.timeZoneID,
            localDay: event.localDay(boundary).description, localTime: local.timeOfDay.description,
            note: event.note, volumeMl: event.volumeML, urgency: event.urgency, leak: event.leak,
            createdAt: event.meta.createdAt, modifiedAt: event.meta.modifiedAt, deviceId: event.meta.deviceID.uuidString
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
            wakeTime: settings.wakeTime.description)
    }
}
