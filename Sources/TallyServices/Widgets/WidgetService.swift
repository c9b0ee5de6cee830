import Foundation
import TallyCore
import TallyStorage

/// A person's widgets: their secret address (made, replaced, turned off), what they show, and the
/// water their presets log.
public struct WidgetService: Sendable {
    let scope: UserScope
    let store: any SecretLinkStore

    public init(scope: UserScope, store: any SecretLinkStore) {
        self.scope = scope
        self.store = store
    }

    /// The secret of the widget addresses, or nil while they are off.
    public func secret() async throws -> String? {
        try await store.widgetSecret(owner: scope.owner)
    }

    /// Turns the addresses on, or with `replacing` makes new ones (the old ones answer 404 at once).
    @discardableResult
    public func turnOn(replacing: Bool = false) async throws -> String {
        if !replacing, let secret = try await secret() { return secret }
        let secret = NotificationService.newSecret()
        try await store.setWidgetSecret(secret, owner: scope.owner)
        return secret
    }

    public func turnOff() async throws {
        try await store.setWidgetSecret(nil, owner: scope.owner)
    }

    /// Today's figures, as of now.
    public func status() async throws -> WidgetStatus {
        let now = try await scope.now()
        async let water = scope.water.today()
        async let bathroom = scope.bathroom.today()
        async let week = scope.water.progress(.week)
        let thisWeek = try await week
        return WidgetStatus(
            water: try await water.summary, unit: now.settings.water.unit,
            bathroomCount: try await bathroom.count, presetsML: now.settings.water.presetsML,
            week: thisWeek.goalML == nil ? nil : thisWeek)
    }

    /// Logs a preset's water from a widget. Only the presets in force can be pressed: a preset removed
    /// since the widget was drawn is refused with what to do.
    public func add(amountML: Double) async throws -> WaterEntry {
        let presets = try await scope.now().settings.water.presetsML
        guard presets.contains(amountML) else {
            throw TallyError.invalid(
                field: "amount", reason: "this button's amount is no longer one of your presets; reload the widget")
        }
        return try await scope.water.log(amountML: amountML, source: .web)
    }
}
