import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// The water home (ring, presets, custom amount, the day's entries) and the form posts behind it.
struct WaterPages {
    let scope: UserScope
    let templates: PageTemplates

    /// A quick-add button: it posts the exact stored millilitres, so a preset never drifts by rounding.
    struct Preset {
        let value: String
        let label: String

        init(millilitres: Double, unit: VolumeUnit) {
            value = WaterPreferences.millilitreText(millilitres) + "ml"
            label = unit.format(millilitres)
        }

        static func all(_ water: WaterPreferences) -> [Preset] {
            water.presetsML.map { Preset(millilitres: $0, unit: water.unit) }
        }
    }

    struct HomeView {
        let title = "Water"
        let heading: String
        let isToday: Bool
        let date: String
        let ring: RingView
        let presets: [Preset]
        let unit: String
        let step: String
        let entries: [WaterEntryRowView]
        let added: Added?
        var error: String?
        /// The custom amount typed or asked for, focused when there is one; nil for an empty field (a section
        /// over a String shows even for "").
        var custom: String?
        var deleted: DeletedNotice? = nil
        let previousDay: String
        let nextDay: String?
        let periods: [PeriodLine]
        /// What a day of more entries than are listed says under them.
        var unlisted: String? = nil
    }

    /// This week's or this month's water against its goal, under the ring.
    struct PeriodLine {
        let id: String
        let headline: String
        let detail: String
        let percent: Int
        let met: Bool
    }

    struct Added {
        let id: String
        let text: String
    }

    struct EditView {
        let title = "Edit Water"
        let id: String
        var amount: String
        let unit: String
        let step: String
        var at: String
        var drinkKind: String
        let returnTo: String
        let error: String?
    }

    func home(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let query = request.uri.queryParameters
        let now = try await scope.now()
        let day = try query.get("day").map { try LocalDay.parse(String($0), field: "day") } ?? now.today
        var added: Added?
        if let text = query.get("added"), let id = UUID(text: String(text)),
            let entry = try? await scope.water.entry(id: id)
        {
            added = Added(id: id.text, text: "Added \(now.settings.water.unit.format(entry.amountML))")
        }
        var view = try await homeView(day: day, now: now, added: added)
        if let text = query.get("deleted"), let id = UUID(text: String(text)),
            let gone = try await scope.water.deletedEntry(id: id)
        {
            let unit = now.settings.water.unit
            view.deleted = DeletedNotice(
                text: "Deleted \(unit.format(gone.amountML)) at \(gone.localDateTime.timeOfDay)",
                action: "/water/entries/\(id.text)/restore")
        }
        // The app icon's quick action (`?amount=first`: the person's first preset; or millilitres, `?amount=250`):
        // the amount ready in the custom field in their unit, one tap from stored. A link never stores anything.
        let asked = query.get("amount").map { String($0) }
        let water = now.settings.water
        if let amount = asked == "first" ? water.presetsML.first : asked.flatMap({ Double($0) }), amount > 0,
            amount <= WaterAmounts.maxEntryML
        {
            view.custom = WaterAmounts.formText(amount, unit: water.unit)
        }
        return HTML.response(templates.render(view, .water))
    }

    func create(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let now = try await scope.now()
        do {
            let draft = WaterEntryDraft(
                id: try ClientRecordID.from(form), amount: .typed(form.text("amount") ?? ""),
                at: form.text("at").map { .typed($0) }, timeZoneID: DeviceZone.from(form, default: now.zone).identifier,
                drinkKind: form["drinkKind"])
            let entry = try await scope.water.log(draft, source: .web, now: now)
            return HTML.redirect(to: "/water?added=\(entry.id.text)")
        } catch let error as TallyError {
            var view = try await homeView(day: now.today, now: now, added: nil)
            view.error = FormMessage.text(error)
            view.custom = form["amount"]
            return HTML.response(templates.render(view, .water), status: .badRequest)
        }
    }

    func edit(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let entry = try await scope.water.entry(id: try Self.id(context))
        let now = try await scope.now()
        let returnTo = HTML.localPath(request.uri.queryParameters.get("returnTo").map { String($0) }, default: "/water")
        return HTML.response(templates.render(editView(entry, now: now, returnTo: returnTo, error: nil), .waterEdit))
    }

    func update(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let id = try Self.id(context)
        let form = try await FormBody(request: request)
        let now = try await scope.now()
        let entry = try await scope.water.entry(id: id)
        let returnTo = HTML.localPath(form["returnTo"], default: "/water")
        do {
            // A field left as it was shown keeps its stored value exactly (``WaterEntryDraft``).
            _ = try await scope.water.update(
                id: id,
                WaterEntryDraft(
                    amount: .typed(form.text("amount") ?? ""), at: form.text("at").map { .typed($0) },
                    drinkKind: form["drinkKind"] ?? ""))
        } catch let error as TallyError {
            var view = editView(entry, now: now, returnTo: returnTo, error: FormMessage.text(error))
            view.amount = form["amount"] ?? ""
            view.at = form["at"] ?? view.at
            view.drinkKind = form["drinkKind"] ?? ""
            return HTML.response(templates.render(view, .waterEdit), status: .badRequest)
        }
        return HTML.redirect(to: returnTo)
    }

    func delete(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let id = try Self.id(context)
        try await scope.water.delete(id: id)
        return HTML.redirect(
            to: DeletedNotice.returning(to: HTML.localPath(form["returnTo"], default: "/water"), deleted: id))
    }

    /// Undo of a delete: the entry comes back.
    func restore(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let entry = try await scope.water.restore(id: try Self.id(context))
        let today = try await scope.now().today
        let day = entry.localDay(try await scope.settings.current().boundary)
        return HTML.redirect(to: day == today ? "/water" : "/water?day=\(day)")
    }

    func undo(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        guard let text = form.text("id"), let id = UUID(text: text) else {
            throw TallyError.invalid(field: "id", reason: "the undo button names no entry")
        }
        _ = try await scope.water.undo(expected: id)
        return HTML.redirect(to: "/water")
    }

    private func homeView(day: LocalDay, now: Now, added: Added?) async throws -> HomeView {
        let water = try await scope.water.day(day)
        let unit = now.settings.water.unit
        let returnTo = day == now.today ? "/water" : "/water?day=\(day)"
        var periods: [PeriodLine] = []
        for period in WaterPeriod.allCases {
            let progress = try await scope.water.progress(period, containing: day)
            guard let detail = WaterPeriodText.detail(progress, unit: unit) else { continue }
            let this = progress.span.contains(now.today) ? nil : "that \(period.rawValue)"
            periods.append(
                PeriodLine(
                    id: "\(period.rawValue)-progress",
                    headline: WaterPeriodText.headline(progress, unit: unit, this: this),
                    detail: detail, percent: progress.percent, met: progress.isMet))
        }
        return HomeView(
            heading: DayText.relative(day, today: now.today), isToday: day == now.today, date: day.description,
            ring: RingView(water.summary, unit: unit),
            presets: Preset.all(now.settings.water),
            unit: unit.symbol, step: WaterPreferencesText.step(now.settings.water),
            entries: water.entries.map { WaterEntryRowView($0, unit: unit, userZone: now.zone, returnTo: returnTo) },
            added: added, error: nil, custom: nil, previousDay: day.adding(days: -1).description,
            nextDay: day < now.today ? day.adding(days: 1).description : nil, periods: periods,
            unlisted: water.isPartial
                ? "The latest \(water.entries.count) of the day's \(water.count) entries; all of them count above."
                : nil)
    }

    private func editView(_ entry: WaterEntry, now: Now, returnTo: String, error: String?) -> EditView {
        let unit = now.settings.water.unit
        return EditView(
            id: entry.id.text, amount: WaterAmounts.formText(entry.amountML, unit: unit),
            unit: unit.symbol, step: WaterPreferencesText.step(now.settings.water),
            at: DayText.inputValue(entry.localDateTime), drinkKind: entry.drinkKind ?? "", returnTo: returnTo,
            error: error)
    }

    static func id(_ context: SignedInContext) throws -> UUID {
        let text = try context.parameters.require("id")
        guard let id = UUID(text: text) else { throw TallyError.notFound(kind: "water entry", id: text) }
        return id
    }
}

/// Water preferences as form values.
enum WaterPreferencesText {
    /// The custom amount control's step in the user's unit: `50` (ml) or `1` (oz).
    static func step(_ water: WaterPreferences) -> String {
        water.unit.number(water.unit.millilitres(water.unit.customStep(stepML: water.stepML)))
            .replacingOccurrences(of: ",", with: "")
    }
}
