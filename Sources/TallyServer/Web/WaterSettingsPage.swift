import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// The daily goal, the unit, the presets (up to four, in order) and the custom amount step.
struct WaterSettingsPage {
    let scope: UserScope
    let templates: PageTemplates

    struct PresetSlot {
        let index: Int
        let number: Int
        let value: String
        let canMoveUp: Bool
    }

    struct View {
        let title = "Water Settings"
        let goal: String
        let weekGoal: String
        let monthGoal: String
        let units: [SettingsPage.Option]
        let unit: String
        let slots: [PresetSlot]
        let step: String
        let saved: Bool
        let error: String?
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let saved = request.uri.queryParameters.get("saved") != nil
        return HTML.response(templates.render(try await view(saved: saved, error: nil), .waterSettings))
    }

    func save(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        do {
            // Every field is on the form: an empty weekly or monthly goal takes that goal away.
            var periodGoals: [WaterPeriod: WaterSettingsDraft.Amount?] = [:]
            for period in WaterPeriod.allCases {
                // `.some(nil)`, not nil: assigning nil would remove the key, which keeps the goal.
                periodGoals[period] = .some(form.text("\(period.rawValue)Goal").map { .typed($0) })
            }
            try await scope.water.apply(
                WaterSettingsDraft(
                    unit: try form.text("unit").map { text throws(TallyError) in try VolumeUnit.parse(text) },
                    presets: (0..<4).map { form.text("preset\($0)").map { .typed($0) } },
                    movePresetUp: form.text("moveUp").flatMap(Int.init).map { $0 + 1 },
                    step: form.text("step").map { .typed($0) }, goal: .typed(form.text("goal") ?? ""),
                    periodGoals: periodGoals))
        } catch let error as TallyError {
            return HTML.response(
                templates.render(try await view(saved: false, error: FormMessage.text(error)), .waterSettings),
                status: .badRequest)
        }
        return HTML.redirect(to: "/water/settings?saved=1")
    }

    private func view(saved: Bool, error: String?) async throws -> View {
        let water = try await scope.settings.current().water
        let unit = water.unit
        let presets = water.presetsML
        let plain = { (ml: Double) in WaterAmounts.formText(ml, unit: unit) }
        return View(
            goal: plain(try await scope.water.currentGoal()),
            weekGoal: try await scope.water.currentGoal(.week).map(plain) ?? "",
            monthGoal: try await scope.water.currentGoal(.month).map(plain) ?? "",
            units: VolumeUnit.allCases.map {
                SettingsPage.Option(
                    value: $0.rawValue, label: $0 == .ml ? "Millilitres (ml)" : "US fluid ounces (oz)",
                    selected: $0 == unit)
            }, unit: unit.symbol,
            slots: (0..<4).map { index in
                PresetSlot(
                    index: index, number: index + 1, value: index < presets.count ? plain(presets[index]) : "",
                    canMoveUp: index > 0 && index < presets.count)
            }, step: WaterPreferences.millilitreText(water.stepML), saved: saved, error: error)
    }
}
