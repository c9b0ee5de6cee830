import Foundation
import TallyCore
import Testing

@testable import TallyServices

/// The rules the page, the API and the CLI share for a water entry, held by ``WaterEntryDraft``.
@Suite struct WaterEntryDraftTests {
    static let zone = TimeZone(identifier: "America/New_York")!
    static let instant = TimeInput.parseISO("2026-11-20T20:53:15.586-05:00", zone: .gmt)!

    static func now(_ unit: VolumeUnit) -> Now {
        var water = WaterPreferences()
        water.unit = unit
        return Now(
            instant: instant.addingTimeInterval(3_600),
            settings: UserSettings(timeZoneID: zone.identifier, water: water),
            zone: zone, today: LocalDay(year: 2026, month: 11, day: 20)!)
    }

    static let stored = WaterEntryFields(at: instant, timeZoneID: zone.identifier, amountML: 333.33, drinkKind: "tea")

    @Test(arguments: [VolumeUnit.oz, .ml])
    func anAmountAndATimeTypedAsShownKeepTheStoredValues(_ unit: VolumeUnit) throws {
        let shown = WaterEntryDraft(
            amount: .typed(WaterAmounts.formText(333.33, unit: unit)), at: .typed("2026-11-20T20:53"))
        #expect(try shown.fields(current: Self.stored, now: Self.now(unit)) == Self.stored)
        let later = WaterEntryDraft(at: .typed("2026-11-20T20:54"))
        #expect(
            try later.fields(current: Self.stored, now: Self.now(unit)).at == Self.instant.addingTimeInterval(44.414))
    }

    @Test func aNewEntryIsNowInThePersonsZoneAndNeedsAnAmount() throws {
        let fields = try WaterEntryDraft(amount: .millilitres(250)).fields(current: nil, now: Self.now(.ml))
        #expect(
            fields.at == Self.now(.ml).instant && fields.timeZoneID == Self.zone.identifier && fields.drinkKind == nil)
        #expect(throws: TallyError.invalid(field: "amount", reason: "give an amount, such as 250 or 8oz")) {
            try WaterEntryDraft().fields(current: nil, now: Self.now(.ml))
        }
        var cli = WaterEntryDraft(amount: .typed("9l"))
        cli.amountField = "AMOUNT"
        #expect(throws: TallyError.self) { try cli.fields(current: nil, now: Self.now(.ml)) }
        do {
            _ = try cli.fields(current: nil, now: Self.now(.ml))
        } catch {
            #expect(error.description.hasPrefix("AMOUNT:"), "\(error.description)")
        }
    }
}
