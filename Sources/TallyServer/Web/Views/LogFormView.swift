import TallyCore
import TallyServices

/// The log form's values: fresh (time now, in the user's zone) or as typed when they were refused.
struct LogFormView {
    struct Option {
        let value: String
        let label: String
        let selected: Bool
    }

    let zone: String
    let at: String
    let note: String
    let volume: String
    let urgencyOptions: [Option]
    let leak: Bool
    let clinicalOpen: Bool
    let error: String?

    init(now: Now) {
        self.init(
            zone: now.zone.identifier, at: DayText.inputValue(now.zone.localDateTime(of: now.instant)), note: "",
            volume: "", urgency: "", leak: false, error: nil)
    }

    init(zone: String, at: String, note: String, volume: String, urgency: String, leak: Bool, error: String?) {
        self.zone = zone
        self.at = at
        self.note = note
        self.volume = volume
        self.leak = leak
        self.error = error
        self.clinicalOpen = !volume.isEmpty || !urgency.isEmpty || leak
        self.urgencyOptions =
            [Option(value: "", label: "Not recorded", selected: urgency.isEmpty)]
            + Urgency.range.map { grade in
                Option(value: "\(grade)", label: "\(grade) · \(Urgency.label(grade))", selected: urgency == "\(grade)")
            }
    }
}
