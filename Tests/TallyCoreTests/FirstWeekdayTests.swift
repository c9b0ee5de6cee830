import Foundation
import Recurrence
import Testing

@testable import TallyCore

@Suite("The first weekday: chosen in settings, else the zone's country's, else Monday")
struct FirstWeekdayTests {
    @Test(
        "the default follows the country of the zone",
        arguments: [
            ("America/New_York", Weekday.sunday), ("America/Sao_Paulo", .sunday), ("Asia/Tokyo", .sunday),
            ("US/Eastern", .sunday), ("Europe/Berlin", .monday), ("Europe/London", .monday),
            ("Australia/Sydney", .monday), ("Africa/Cairo", .saturday), ("Asia/Dubai", .monday),
            ("Indian/Maldives", .friday), ("UTC", .monday),
            ("Not/AZone", .monday),
        ])
    func defaults(zone: String, day: Weekday) {
        #expect(FirstWeekday.default(zoneID: zone) == day)
    }

    @Test("no zone at all: Monday")
    func noZone() { #expect(FirstWeekday.default(zoneID: nil) == .monday) }

    @Test("reads day names, their first three letters and two-letter codes; refuses anything else")
    func parse() throws {
        #expect(try FirstWeekday.parse("Sunday") == .sunday)
        #expect(try FirstWeekday.parse(" mon ") == .monday)
        #expect(try FirstWeekday.parse("SA") == .saturday)
        #expect(throws: TallyError.self) { try FirstWeekday.parse("someday") }
        #expect(throws: TallyError.self) { try FirstWeekday.parse("") }
        #expect(FirstWeekday.name(.wednesday) == "wednesday")
        #expect(FirstWeekday.title(.sunday) == "Sunday")
    }

    @Test("the chosen day wins over the zone's; an empty value goes back to the zone's")
    func chosen() throws {
        let zone = SettingRecord(meta: Self.meta(), key: .timeZone, value: "America/Chicago")
        let named = NamedSetting(meta: Self.meta(), name: "weekStart", value: "monday")
        let utc = TimeZone(identifier: "UTC")!
        #expect(UserSettings(records: [zone]).firstWeekday(machine: utc) == .sunday)
        #expect(UserSettings(records: [zone], named: [named]).firstWeekday(machine: utc) == .monday)
        var settings = UserSettings(records: [zone], named: [named])
        try settings.apply(.weekStart, "")
        #expect(settings.weekStart == nil)
        #expect(settings.value(of: .weekStart) == "")
        // No zone chosen: the machine's.
        #expect(UserSettings().firstWeekday(machine: TimeZone(identifier: "America/Mexico_City")!) == .sunday)
    }

    @Test("a named setting this version knows is checked; one from a later version is kept as it is")
    func namedSettingsFromLaterVersions() throws {
        let later = NamedSetting(meta: Self.meta(), name: "someLaterSetting", value: "anything")
        #expect(try later.validated(in: RecordBatch([])) == later)
        #expect(UserSettings(records: [], named: [later]) == UserSettings())
        let bad = NamedSetting(meta: Self.meta(), name: "weekStart", value: "someday")
        #expect(throws: TallyError.self) { try bad.validated(in: RecordBatch([])) }
    }

    @Test("why a kind of its own: a setting record under a key this version does not know does not read")
    func settingKeysAreClosed() throws {
        let record = AnyRecord(SettingRecord(meta: Self.meta(), key: .timeZone, value: "Europe/Berlin"))
        let text = String(decoding: try RecordCoding.encode(record), as: UTF8.self)
        #expect(text.contains(#""key":"timeZone""#))
        #expect(try RecordCoding.decode(kind: "setting", from: Data(text.utf8)) == record)
        let later = text.replacingOccurrences(of: #""key":"timeZone""#, with: #""key":"weekStart""#)
        #expect(throws: (any Error).self) { try RecordCoding.decode(kind: "setting", from: Data(later.utf8)) }
    }

    static func meta() -> RecordMeta {
        RecordMeta(
            id: UUID(), ownerID: LocalUser.id, createdAt: .distantPast, modifiedAt: .distantPast, deviceID: UUID(),
            stamp: .zero)
    }
}
