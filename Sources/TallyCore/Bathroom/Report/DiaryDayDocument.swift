import Foundation

/// One diary day in ``BladderDiaryReportDocument``.
struct DiaryDayDocument: Encodable {
    struct Void: Encodable {
        let at: Date
        let localTime: String
        /// `day`, `night` or `nextMorning` (the void after the next wake time that closes the day).
        let period: String
        let firstMorning: Bool
        let volumeMl: Int?
        let urgency: Int?
        let leak: Bool
        let doubleVoid: Bool
        let eventIds: [String]

        init(_ void: DiaryVoid, period: String, firstMorning: Bool = false) {
            at = void.at
            localTime = void.time.description
            self.period = period
            self.firstMorning = firstMorning
            volumeMl = void.volumeML
            urgency = void.urgency
            leak = void.leak
            doubleVoid = void.isDoubleVoid
            eventIds = void.eventIDs.map(\.text)
        }

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(at, forKey: .at)
            try container.encode(localTime, forKey: .localTime)
            try container.encode(period, forKey: .period)
            try container.encode(firstMorning, forKey: .firstMorning)
            try container.encode(volumeMl, forKey: .volumeMl)
            try container.encode(urgency, forKey: .urgency)
            try container.encode(leak, forKey: .leak)
            try container.encode(doubleVoid, forKey: .doubleVoid)
            try container.encode(eventIds, forKey: .eventIds)
        }

        private enum CodingKeys: String, CodingKey {
            case at, localTime, period, firstMorning, volumeMl, urgency, leak, doubleVoid, eventIds
        }
    }

    struct Drink: Encodable {
        let at: Date
        let localTime: String
        let amountMl: Double
        let kind: String?

        func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(at, forKey: .at)
            try container.encode(localTime, forKey: .localTime)
            try container.encode(amountMl, forKey: .amountMl)
            try container.encode(kind, forKey: .kind)
        }

        private enum CodingKeys: String, CodingKey { case at, localTime, amountMl, kind }
    }

    let day: String
    let wake: String
    let bed: String
    let nextWake: String
    let nightHours: Double
    let dayFrequency: Int
    let nightFrequency: Int
    let leaks: Int
    let urgencyEpisodes: Int
    let doubleVoids: Int
    let intakeMl: Double
    let volume24hMl: DiaryFigure
    let nocturnalVolumeMl: DiaryFigure
    let nocturnalProductionMlPerHour: DiaryFigure
    let nocturnalPolyuriaIndex: DiaryFigure
    let voids: [Void]
    let drinks: [Drink]

    init(_ day: DiaryReportDay) {
        self.day = day.day.description
        wake = day.window.wake.description
        bed = day.window.bed.description
        nextWake = day.window.nextWake.description
        nightHours = day.nightHours
        dayFrequency = day.dayFrequency
        nightFrequency = day.nightFrequency
        leaks = day.leaks
        urgencyEpisodes = day.urgencyEpisodes
        doubleVoids = day.doubleVoids
        intakeMl = day.intakeML
        volume24hMl = day.volume24h
        nocturnalVolumeMl = day.nocturnalVolume
        nocturnalProductionMlPerHour = day.nocturnalProduction
        nocturnalPolyuriaIndex = day.polyuriaIndex
        voids =
            day.dayVoids.enumerated().map { Void($1, period: "day", firstMorning: $0 == 0) }
            + day.nightVoids.map { Void($0, period: "night") }
            + (day.nextMorningVoid.map { [Void($0, period: "nextMorning")] } ?? [])
        drinks = day.drinks.map {
            Drink(at: $0.at, localTime: $0.localDateTime.description, amountMl: $0.amountML, kind: $0.drinkKind)
        }
    }
}
