import Foundation

/// What a user wants to be notified of, read from their ``NotificationSetting`` records. Every kind is on
/// until turned off; nothing reaches anyone until they add a channel.
public struct NotificationPreferences: Hashable, Sendable {
    public static let nudgesPerDay = 1...24
    public static let gapMinutes = 0...720
    /// Up to four weeks before an event.
    public static let leadMinutes = 0...40_320

    /// Water nudges on.
    public var water = true
    /// How many nudges a day at most, spaced evenly between waking and bedtime.
    public var waterPerDay = 8
    /// No nudge in this stretch of the day; nil for none.
    public var waterQuiet: QuietHours?
    /// No nudge within this many minutes after a drink was logged.
    public var waterGapMinutes = 45
    public var reminders = true
    public var events = true
    public var trackers = true
    public var skills = true
    /// The bladder diary's wake-up and bedtime reminders, while a diary is kept.
    public var diary = true
    /// The daily reminder time of each skill that has one.
    public var skillTimes: [UUID: TimeOfDay] = [:]
    /// How long before each occurrence of an event to notify, for events that have a lead time.
    public var eventLeadMinutes: [UUID: Int] = [:]

    public init() {}

    /// Preferences from their stored records; a missing, empty or unreadable value keeps the default.
    public init(records: [NotificationSetting]) {
        self.init()
        for record in records where !record.meta.isDeleted && !record.value.isEmpty {
            try? apply(NotificationPreferenceName(record.name), record.value)
        }
    }

    /// Sets one preference from its text form (empty restores the default), or names what is wrong with
    /// it. A name this version does not know, but well formed, is accepted and has no effect.
    public mutating func apply(_ name: NotificationPreferenceName, _ text: String) throws(TallyError) {
        let value = text.trimmingCharacters(in: .whitespaces)
        switch name {
        case .water: water = try Self.onOff(value, default: true, what: "water nudges")
        case .reminders: reminders = try Self.onOff(value, default: true, what: "reminders")
        case .events: events = try Self.onOff(value, default: true, what: "events")
        case .trackers: trackers = try Self.onOff(value, default: true, what: "trackers")
        case .skills: skills = try Self.onOff(value, default: true, what: "skills")
        case .diary: diary = try Self.onOff(value, default: true, what: "bladder diary reminders")
        case .waterPerDay:
            waterPerDay = try Self.number(value, in: Self.nudgesPerDay, default: 8, what: "nudges per day")
        case .waterGap:
            waterGapMinutes = try Self.number(value, in: Self.gapMinutes, default: 45, what: "minutes after a drink")
        case .waterQuiet: waterQuiet = value.isEmpty ? nil : try QuietHours.parse(value)
        case .skillTime(let skill):
            skillTimes[skill] = value.isEmpty ? nil : try TimeOfDay.parse(value, field: "reminder time")
        case .eventLead(let event):
            eventLeadMinutes[event] =
                value.isEmpty ? nil : try Self.number(value, in: Self.leadMinutes, default: 0, what: "minutes before")
        case .other(let text):
            guard name.isWellFormed else {
                throw .invalid(field: "notification setting", reason: "'\(text)' is not a notification setting")
            }
        }
    }

    /// The text form of one preference, as stored ("" for a default or a name this version does not know).
    public func value(of name: NotificationPreferenceName) -> String {
        switch name {
        case .water: water ? "on" : "off"
        case .reminders: reminders ? "on" : "off"
        case .events: events ? "on" : "off"
        case .trackers: trackers ? "on" : "off"
        case .skills: skills ? "on" : "off"
        case .diary: diary ? "on" : "off"
        case .waterPerDay: String(waterPerDay)
        case .waterGap: String(waterGapMinutes)
        case .waterQuiet: waterQuiet?.description ?? ""
        case .skillTime(let skill): skillTimes[skill]?.description ?? ""
        case .eventLead(let event): eventLeadMinutes[event].map(String.init) ?? ""
        case .other: ""
        }
    }

    private static func onOff(_ text: String, default value: Bool, what: String) throws(TallyError) -> Bool {
        switch text.lowercased() {
        case "": return value
        case "on", "true", "yes", "1": return true
        case "off", "false", "no", "0": return false
        default: throw .invalid(field: what, reason: "'\(text)' is neither on nor off")
        }
    }

    private static func number(
        _ text: String, in range: ClosedRange<Int>, default value: Int, what: String
    ) throws(TallyError) -> Int {
        if text.isEmpty { return value }
        guard text.count <= 9, text.allSatisfy(\.isASCIIDigit), let number = Int(text), range.contains(number) else {
            throw .invalid(
                field: what, reason: "'\(text)' is not a whole number from \(range.lowerBound) to \(range.upperBound)")
        }
        return number
    }
}
