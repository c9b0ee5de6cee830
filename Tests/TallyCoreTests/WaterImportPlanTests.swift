import Foundation
import Testing

@testable import TallyCore

/// The seed's duplicate rule for imported water: within two minutes, the same amount (within 1 ml), one
/// to one; and a glass imported before is left alone, deleted or not.
@Suite struct WaterImportPlanTests {
    static let eight = TimeInput.parseInstant("2026-11-19T08:00:00-05:00")!

    static func glass(_ seconds: TimeInterval, _ millilitres: Double, id: UUID = UUID()) -> WaterImportPlan.Glass {
        .init(
            id: id,
            fields: WaterEntryFields(
                at: eight.addingTimeInterval(seconds), timeZoneID: "America/New_York", amountML: millilitres))
    }

    static func stored(_ glass: WaterImportPlan.Glass, deleted: Bool = false) -> WaterEntry {
        let meta = RecordMeta(
            id: glass.id, ownerID: LocalUser.id, createdAt: eight, modifiedAt: eight, deviceID: UUID(), stamp: .zero,
            isDeleted: deleted)
        return WaterEntry(meta: meta, fields: glass.fields, source: .cli)
    }

    @Test func twoEqualGlassesAMinuteApartMatchOneStoredEntryOnce() {
        let logged = Self.stored(Self.glass(0, 250))
        let plan = WaterImportPlan([Self.glass(30, 250), Self.glass(90, 250)], stored: [logged])
        #expect(plan.duplicates == 1 && plan.additions.count == 1)
        #expect(plan.additions.first?.fields.at == Self.eight.addingTimeInterval(90))
    }

    @Test func outsideTwoMinutesOrAnotherAmountIsAnotherGlass() {
        let logged = Self.stored(Self.glass(0, 250))
        let plan = WaterImportPlan(
            [Self.glass(121, 250), Self.glass(-121, 250), Self.glass(60, 252), Self.glass(-60, 250.9)],
            stored: [logged])
        #expect(plan.additions.count == 3 && plan.duplicates == 1)
    }

    @Test func aGlassImportedBeforeIsLeftAloneEvenDeleted() {
        let kept = Self.glass(0, 250)
        let deleted = Self.glass(600, 300)
        let plan = WaterImportPlan(
            [kept, deleted, Self.glass(30, 250)], stored: [Self.stored(kept), Self.stored(deleted, deleted: true)])
        #expect(plan.alreadyImported == 2)
        // The kept glass stands for itself: it does not also swallow the new one beside it.
        #expect(plan.additions.count == 1 && plan.duplicates == 0)
    }
}
