/// An address that answers without signing in because it holds a secret: each user has at most one secret
/// per link, and replacing it or turning it off makes every address made with the old one answer 404.
public enum SecretLink: String, CaseIterable, Sendable {
    /// The calendar feed (iCalendar) of the user's reminders, events and skills.
    case calendarFeed
    /// The user's widgets: the ring, the medium widget and the status JSON that home-screen widget apps and
    /// dashboards load.
    case widgets
}
