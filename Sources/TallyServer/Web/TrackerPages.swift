import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// Datekeeper's trackers: the grid or list of cards, a detail page with a live countdown, and the form.
struct TrackerPages {
    let scope: UserScope
    let templates: PageTemplates

    static let categories = ["Personal", "Birthday", "Anniversary", "Holiday", "Health", "Work", "Travel"]

    struct ListView {
        let title = "Dates"
        let cards: [TrackerCardView]
        let isList: Bool
        let isEmpty: Bool
    }

    struct DetailView {
        let title: String
        let card: TrackerCardView
        let parts: [Part]
        let confetti: [Confetti]
    }

    struct Part {
        let count: Int
        let unit: String
    }

    struct Confetti {
        let style: String
    }

    struct FormView {
        let title: String
        let action: String
        let id: String?
        var name: String
        var isTill: Bool
        var date: String
        var time: String
        var category: String
        var themes: [Option]
        var units: [Option]
        var imageUrl: String?
        var error: String?
        let categories = TrackerPages.categories
    }

    func list(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let now = scope.clock.now()
        let cards = try await scope.trackers.all().map { TrackerCardView($0, now: now) }
        let isList = request.uri.queryParameters.get("view") == "list"
        return HTML.response(
            templates.render(ListView(cards: cards, isList: isList, isEmpty: cards.isEmpty), .dates))
    }

    func detail(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let tracker = try await scope.trackers.tracker(id: try Self.id(context))
        let now = scope.clock.now()
        let card = TrackerCardView(tracker, now: now)
        let breakdown = tracker.breakdown(now: now)
        let colors = tracker.fields.gradientConfig?.colors ?? [tracker.fields.colorTheme.seedColor.hex]
        // Pieces of confetti placed by index: the same page every time, no randomness.
        let confetti =
            card.arrived
            ? (0..<28).map { index in
                Confetti(
                    style: "left: \(index * 37 % 100)%; background: \(colors[index % colors.count]); "
                        + "animation-delay: \(Double(index % 7) * 0.15)s; animation-duration: \(2.2 + Double(index % 5) * 0.3)s;"
                )
            } : []
        return HTML.response(
            templates.render(
                DetailView(
                    title: tracker.fields.title, card: card,
                    parts: breakdown.parts.map {
                        Part(
                            count: $0.count,
                            unit: $0.count == 1 ? String($0.unit.rawValue.dropLast()) : $0.unit.rawValue)
                    },
                    confetti: confetti),
                .tracker))
    }

    func newForm(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let now = try await scope.now()
        let isTill = request.uri.queryParameters.get("type") != "since"
        let form = FormView(
            title: "New Tracker", action: "/dates/trackers", id: nil, name: "", isTill: isTill,
            date: now.today.description, time: "", category: "Personal", themes: Option.themes(selected: .standard),
            units: Option.units(selected: DisplayUnit.standard), imageUrl: nil, error: nil)
        return HTML.response(templates.render(form, .trackerForm))
    }

    func editForm(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let tracker = try await scope.trackers.tracker(id: try Self.id(context))
        return HTML.response(templates.render(Self.form(for: tracker), .trackerForm))
    }

    func create(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await MultipartForm(request: request)
        var view = FormView(
            title: "New Tracker", action: "/dates/trackers", id: nil, name: "", isTill: true, date: "", time: "",
            category: "", themes: [], units: [], imageUrl: nil, error: nil)
        do {
            let tracker = try await scope.trackers.create(try await draft(from: form))
            return HTML.redirect(to: "/dates/trackers/\(tracker.id.text)")
        } catch let error as TallyError {
            view.fill(from: form, error: error)
            return HTML.response(templates.render(view, .trackerForm), status: .badRequest)
        }
    }

    func update(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let id = try Self.id(context)
        let current = try await scope.trackers.tracker(id: id)
        let form = try await MultipartForm(request: request)
        do {
            _ = try await scope.trackers.update(id: id, try await draft(from: form))
            return HTML.redirect(to: "/dates/trackers/\(id.text)")
        } catch let error as TallyError {
            var view = Self.form(for: current)
            view.fill(from: form, error: error)
            return HTML.response(templates.render(view, .trackerForm), status: .badRequest)
        }
    }

    func delete(_ request: Request, _ context: SignedInContext) async throws -> Response {
        try await scope.trackers.delete(id: try Self.id(context))
        return HTML.redirect(to: "/dates")
    }

    /// The tracker the form describes; a photo is uploaded first (and kept even if another field is wrong).
    /// The form has every field but the zone, which stays the tracker's (the person's, for a new one).
    private func draft(from form: MultipartForm) async throws -> TrackerDraft {
        let day = try LocalDay.parse(form.text("date") ?? "", field: "date")
        let time = try form.text("time").map { text throws(TallyError) in try TimeOfDay.parse(text, field: "time") }
        var imageUrl: String?
        if let photo = form.files["photo"] { imageUrl = try await scope.images.upload(photo) }
        return TrackerDraft(
            title: form.fields["title"] ?? "", target: .local(day, time),
            type: try TrackerKind.parse(form.text("type") ?? "till"), category: form.fields["category"] ?? "",
            colorTheme: try ColorTheme.parse(form.text("colorTheme") ?? ColorTheme.standard.rawValue),
            imageUrl: imageUrl, removesImage: form.fields["removePhoto"] != nil,
            displayUnits: DisplayUnit.allCases.filter { form.fields["unit-\($0.rawValue)"] != nil })
    }

    static func form(for tracker: DateTracker) -> FormView {
        let fields = tracker.fields
        let local = tracker.zone.localDateTime(of: fields.targetDate)
        return FormView(
            title: "Edit Tracker", action: "/dates/trackers/\(tracker.id.text)", id: tracker.id.text,
            name: fields.title, isTill: fields.type == .till, date: local.day.description,
            time: fields.allDay ? "" : local.timeOfDay.description, category: fields.category,
            themes: Option.themes(selected: fields.colorTheme), units: Option.units(selected: fields.displayUnits),
            imageUrl: fields.imageUrl, error: nil)
    }

    static func id(_ context: SignedInContext) throws -> UUID {
        try APIValue.id(context.parameters.require("id"), kind: "tracker")
    }
}

extension TrackerPages.FormView {
    /// Shows the form again as it was posted, with the error above it.
    mutating func fill(from form: MultipartForm, error: TallyError) {
        name = form.fields["title"] ?? ""
        isTill = form.fields["type"] != "since"
        date = form.fields["date"] ?? ""
        time = form.fields["time"] ?? ""
        category = form.fields["category"] ?? ""
        let theme = ColorTheme(rawValue: form.fields["colorTheme"] ?? "") ?? .standard
        themes = Option.themes(selected: theme)
        units = Option.units(selected: DisplayUnit.allCases.filter { form.fields["unit-\($0.rawValue)"] != nil })
        self.error = FormMessage.text(error)
    }
}
