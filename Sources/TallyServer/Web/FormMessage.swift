import TallyCore

/// An error as a page shows it: a field named as its form labels it ("Colour: ..."), never by the name
/// the API and the domain use ("colorTheme: ..."). A name no form shows is left out: the reason alone
/// says what is wrong. The API's problems keep the names, which its clients know.
enum FormMessage {
    static let labels: [String: String] = [
        "name": "Name", "title": "Title", "password": "Password", "current": "Current password", "new": "New password",
        "date": "Date", "day": "Day", "time": "Time", "at": "Time", "from": "From", "to": "To", "start": "Start",
        "end": "End", "targetDate": "Date", "startDate": "Date", "timeZone": "Time zone",
        "dayStart": "New day starts at", "bedtime": "Bedtime", "wakeTime": "Wake time",
        "colorTheme": "Colour", "colour": "Colour", "gradientConfig.colors": "Gradient colours", "icon": "Icon",
        "category": "Category", "recurrenceRule": "Repeats", "frequency": "Frequency", "interval": "Every",
        "weekday": "Weekday", "ordinal": "Which week", "description": "Description", "notes": "Notes",
        "note": "Note", "moodRating": "Mood", "mood": "Mood", "imageUrl": "Photo", "file": "File",
        "amountML": "Amount", "amount": "Amount", "AMOUNT": "Amount", "volume": "Volume", "urgency": "Urgency",
        "drinkKind": "Drink", "goal": "Daily goal", "goalML": "Daily goal", "presets": "Presets", "unit": "Unit",
        "step": "Step", "days": "Days", "targetAmount": "Target", "targetUnit": "Target unit",
        "targetPeriod": "Target period",
        "customCategory": "Custom category's name", "format": "Format",
        "quietStart": "Quiet hours", "quietEnd": "Quiet hours", "channel": "Channel", "address": "Address",
    ]

    static func text(_ error: TallyError) -> String {
        guard case .invalid(let field, let reason) = error else { return error.description }
        if let label = labels[field] { return "\(label): \(reason)" }
        // A page's own check names its field as the form labels it already ("Quiet hours").
        if field.contains(" ") || (field.first?.isUppercase == true && field.contains(where: \.isLowercase)) {
            return "\(field): \(reason)"
        }
        return reason
    }

    /// The message of any error a page shows: Tally's own as above, others as they describe themselves.
    static func text(_ error: any Error) -> String {
        if let error = error as? TallyError { return text(error) }
        return String(describing: error)
    }
}
