import Foundation
import TallyCore

/// A water entry as the page, the API or the CLI gives it: each field nil to keep the stored value (or
/// take the default, for a new entry: now, in the person's zone, plain water). ``fields(current:now:)``
/// holds the rules the edges share.
public struct WaterEntryDraft: Sendable {
    /// How much: millilitres (the API's `amountMl`), or typed in the person's unit ("250", "8oz", "0.5 l").
    public enum Amount: Hashable, Sendable {
        case millilitres(Double)
        case typed(String)
    }

    /// The id a client made for what it logs, so a retried request adds nothing twice.
    public var id: UUID?
    public var amount: Amount?
    public var at: DraftTime?
    public var timeZoneID: String?
    /// A drink's name; empty for plain water.
    public var drinkKind: String?
    /// What errors call the amount and the time: the form's names by default; the CLI names its own.
    public var amountField = "amount"
    public var timeField = "time"

    public init(
        id: UUID? = nil, amount: Amount? = nil, at: DraftTime? = nil, timeZoneID: String? = nil,
        drinkKind: String? = nil
    ) {
        self.id = id
        self.amount = amount
        self.at = at
        self.timeZoneID = timeZoneID
        self.drinkKind = drinkKind
    }

    /// The entry's fields: `current`'s with what the draft gives, or a new entry's. An amount or a time
    /// typed exactly as the page shows the stored one (a tenth of an ounce, minutes) keeps the stored
    /// value, so a Save of an unchanged form writes nothing. Checked by ``WaterEntryFields/validated()``.
    public func fields(current: WaterEntryFields?, now: Now) throws(TallyError) -> WaterEntryFields {
        let unit = now.settings.water.unit
        let millilitres: Double
        switch amount {
        case .millilitres(let value): millilitres = value
        case .typed(let text):
            millilitres = try WaterAmounts.edited(text, stored: current?.amountML, unit: unit, field: amountField)
        case nil:
            guard let stored = current?.amountML else {
                throw .invalid(field: amountField, reason: "give an amount, such as 250 or 8oz")
            }
            millilitres = stored
        }
        let zoneID = timeZoneID ?? current?.timeZoneID ?? now.zone.identifier
        let instant =
            try at?.resolved(
                stored: current?.at, zone: TimeZone.supported(zoneID) ?? now.zone, now: now.instant, field: timeField)
            ?? current?.at ?? now.instant
        return WaterEntryFields(
            at: instant, timeZoneID: zoneID, amountML: try WaterAmounts.checkedEntry(millilitres, field: amountField),
            drinkKind: drinkKind ?? current?.drinkKind)
    }
}
