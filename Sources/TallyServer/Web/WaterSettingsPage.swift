import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// The daily goal, the unit, the presets (up to four, in order) and the custom amount step.
struct WaterSettingsPage: UserRoutes {
    let scopes: UserScopes
    let templates: Templates

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

    func page(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let saved = request.uri.queryParameters.get("saved") != nil
        return HTML.response(templates.render(try await view(saved: saved, error: nil), .waterSettings))
    }

    func save(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let current = try await scope.settings.current().water
        do {
            // Amounts are read in the unit the form showed them in, before any switch of unit.
            // A field left as it was shown keeps its stored amount exactly (no round trip through ounces).
            let shown = current.unit
            let storedPresets = current.presetsML
            var presets = try (0..<4).compactMap { index throws(TallyError) in
                try form.text("preset\(index)").map { text throws(TallyError) in
                    try WaterAmounts.edited(
                        text, stored: index < storedPresets.count ? storedPresets[index] : nil, unit: shown,
                        field: "preset \(index + 1)")
                }
            }
            if let move = form.text("moveUp").flatMap(Int.init), move > 0, move < presets.count {
                presets.swapAt(move, move - 1)
            }
            let currentGoal = try await scope.water.currentGoal()
            let goal = try WaterAmounts.edited(form.text("goal") ?? "", stored: currentGoal, unit: shown, field: "goal")
            // Settings and the goal write nothing for what did not change (their services compare).
            var changes: [SettingKey: String] = [:]
            changes[.waterUnit] = form["unit"]
            changes[.waterPresets] = presets.map { String($0) }.joined(separator: ",")
            changes[.waterStep] = try form.text("step").map { text throws(TallyError) in
                String(try WaterAmounts.edited(text, stored: current.stepML, unit: .ml, field: "step"))
            }
            var periodGoals: [(WaterPeriod, Double?)] = []
            for period in WaterPeriod.allCases {
                periodGoals.append((period, try await periodGoal(form, period: period, unit: shown)))
            }
            var probe = try await scope.settings.current()
            for (key, text) in changes { try probe.apply(key, text) }
            _ = try WaterAmounts.checkedGoal(goal)
            try await scope.settings.update(changes)
            try await scope.water.setGoal(goal)
            for (period, goal) in periodGoals { try await scope.water.setGoal(period, millilitres: goal) }
        } catch let error as TallyError {
            return HTML.response(
                templates.render(try await view(saved: false, error: FormMessage.text(error)), .waterSettings),
                status: .badRequest)
        }
        return HTML.redirect(to: "/water/settings?saved=1")
    }

    /// The weekly or monthly goal field: empty for none; left as shown, the stored goal exactly.
    private func periodGoal(_ form: FormBody, period: WaterPeriod, unit: VolumeUnit) async throws -> Double? {
        let field = "\(period.rawValue)Goal"
        guard let text = form.text(field) else { return nil }
        let stored = try await scope.water.currentGoal(period)
        let goal = try WaterAmounts.edited(text, stored: stored, unit: unit, field: "\(period.adjective) goal")
        return try WaterAmounts.checkedGoal(goal, period: period, field: "\(period.adjective) goal")
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
