import Foundation
import Testing

@testable import TallyCore

@Suite("Water amounts and units")
struct WaterUnitTests {
    @Test("ounces to millilitres and back, with display rounding in each unit")
    func conversionBothWays() throws {
        let eight = try WaterAmounts.parse("8oz", unit: .ml)
        #expect(eight == 236.59)
        #expect(VolumeUnit.oz.format(eight) == "8 oz")
        #expect(VolumeUnit.ml.format(eight) == "237 ml")
        #expect(VolumeUnit.oz.format(250) == "8.5 oz")
        #expect(VolumeUnit.oz.format(500) == "16.9 oz")
        #expect(VolumeUnit.oz.format(2_000) == "67.6 oz")
        #expect(VolumeUnit.oz.format(3_000) == "101 oz")  // whole ounces from 100 up
        #expect(VolumeUnit.ml.format(1_850.4) == "1,850 ml")
        #expect(VolumeUnit.ml.format(1_234_567) == "1,234,567 ml")
        #expect(VolumeUnit.ml.format(0.4) == "0 ml")
        #expect(VolumeUnit.oz.spoken(236.59) == "8 ounces")
        // Eight 8 oz glasses read back as 64 oz.
        #expect(VolumeUnit.oz.format(eight * 8) == "64 oz")
    }

    @Test("amount text: bare numbers take the user's unit; ml, l and oz are understood")
    func parsing() throws {
        #expect(try WaterAmounts.parse("250", unit: .ml) == 250)
        #expect(try WaterAmounts.parse("250ml", unit: .oz) == 250)
        #expect(try WaterAmounts.parse(" 250 ML ", unit: .oz) == 250)
        #expect(try WaterAmounts.parse("1.5l", unit: .oz) == 1_500)
        #expect(try WaterAmounts.parse("8", unit: .oz) == 236.59)
        #expect(try WaterAmounts.parse("12 fl oz", unit: .ml) == 354.88)
    }

    @Test(
        "bad amounts name what is wrong",
        arguments: [
            ("5 gallons", "'gallons' is not a unit"), ("ml", "is not an amount"), ("", "is not an amount"),
            ("1,500", "is not a unit"), ("abc", "is not an amount"),
            ("1.5", "'1.5' is not a whole number of millilitres"), ("250.5 ml", "is not a whole number"),
            ("1.0005l", "is not a whole number"),
        ])
    func badText(text: String, message: String) {
        #expect {
            try WaterAmounts.parse(text, unit: .ml)
        } throws: { error in
            "\(error)".contains(message)
        }
    }

    @Test("entries must be more than 0 and at most 5 litres; goals more than 0")
    func limits() throws {
        #expect(throws: TallyError.self) { try WaterAmounts.checkedEntry(0) }
        #expect(throws: TallyError.self) { try WaterAmounts.checkedEntry(-250) }
        #expect(throws: TallyError.self) { try WaterAmounts.checkedEntry(5_000.01) }
        #expect(throws: TallyError.self) { try WaterAmounts.checkedEntry(.nan) }
        #expect(try WaterAmounts.checkedEntry(5_000) == 5_000)
        #expect(throws: TallyError.self) { try WaterAmounts.checkedGoal(0) }
        #expect(throws: TallyError.self) { try WaterAmounts.checkedGoal(.infinity) }
        #expect(try WaterAmounts.checkedGoal(2_500) == 2_500)
    }

    @Test("amounts past what an Int holds are refused with a message, never a trap")
    func hugeAmounts() throws {
        for (amount, shown) in [(1e19, "1e+19"), (-1e19, "-1e+19"), (9.3e18, "9.3e+18"), (1e300, "1e+300")] {
            #expect(VolumeUnit.ml.number(amount) == shown)
            #expect(!VolumeUnit.oz.format(amount).isEmpty)
        }
        #expect(VolumeUnit.ml.number(.infinity) == "inf")
        #expect(throws: TallyError.invalid(field: "amount", reason: "1e+19 ml is more than 5 litres in one entry")) {
            try WaterAmounts.checkedEntry(1e19)
        }
        #expect(throws: TallyError.invalid(field: "amount", reason: "must be more than 0 (got -1e+19 ml)")) {
            try WaterAmounts.checkedEntry(-1e19)
        }
        #expect(throws: TallyError.invalid(field: "goal", reason: "inf ml is more than 20 litres a day")) {
            try WaterAmounts.checkedGoal(1e307)
        }
        #expect(try WaterAmounts.parse("9999999999999999999999999ml", unit: .ml) == 1e25)
        #expect(WaterPreferences.millilitreText(1e300) == "1e+300")
        #expect(WaterPreferences.millilitreText(250) == "250")
    }

    @Test("presets default by unit, hold 2 to 4 valid amounts, and keep their order")
    func presets() throws {
        var settings = UserSettings.defaults
        #expect(settings.water.presetsML == [250, 500])
        try settings.apply(.waterUnit, "oz")
        #expect(settings.water.presetsML.map(VolumeUnit.oz.format) == ["8 oz", "16 oz"])
        try settings.apply(.waterPresets, "750,250,500")
        #expect(settings.water.presetsML == [750, 250, 500])
        #expect(settings.value(of: .waterPresets) == "750,250,500")
        #expect(throws: TallyError.self) { try settings.apply(.waterPresets, "250") }
        #expect(throws: TallyError.self) { try settings.apply(.waterPresets, "1,2,3,4,5") }
        #expect(throws: TallyError.self) { try settings.apply(.waterPresets, "250,0") }
        #expect(throws: TallyError.self) { try settings.apply(.waterUnit, "cups") }
        #expect(settings.water.presetsML == [750, 250, 500])
    }

    @Test("progress is min(total / goal, 1); remaining never goes below zero")
    func progress() {
        let half = WaterDayTotal(day: Fixture.day("2026-11-22"), totalML: 1_000, goalML: 2_000)
        #expect(half.progress == 0.5)
        #expect(half.percent == 50)
        #expect(half.remainingML == 1_000)
        #expect(!half.isGoalMet)
        let over = WaterDayTotal(day: Fixture.day("2026-11-22"), totalML: 2_600, goalML: 2_000)
        #expect(over.progress == 1)
        #expect(over.remainingML == 0)
        #expect(over.isGoalMet)
        // 1,999.9 ml shows as 2,000 ml: what reads as equal counts as met.
        #expect(WaterDayTotal(day: Fixture.day("2026-11-22"), totalML: 1_999.6, goalML: 2_000).isGoalMet)
        #expect(WaterDayTotal(day: Fixture.day("2026-11-22"), totalML: 1_990, goalML: 2_000).percent == 99)
    }
}
