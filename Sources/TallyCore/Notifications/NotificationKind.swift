/// What a notification comes from.
public enum NotificationKind: String, Hashable, Codable, Sendable, CaseIterable {
    /// A nudge to drink water.
    case water
    /// A Datekeeper reminder at its date and time.
    case reminder
    /// An occurrence of a Datekeeper event (less its lead time).
    case event
    /// A countdown tracker whose day has come.
    case tracker
    /// A skill's daily reminder, while that day's task is not done in full.
    case skill
    /// A skill's time frame has ended and asks for a review.
    case review
    /// A test sent by the user to one channel.
    case test
    /// A notification snoozed for a while, sent again.
    case snooze
    /// About the person's account: guesses holding their name back, a sign-in code they asked for. Sent at
    /// once and never logged (a code must not outlive its use in the delivery log).
    case account
    /// A bladder diary being kept: mark when you got up, when you go to bed (``DiaryRun``).
    case diary

    /// In a person's words.
    public var label: String {
        switch self {
        case .water: "Water nudge"
        case .reminder: "Reminder"
        case .event: "Event"
        case .tracker: "Tracker"
        case .skill: "Skill"
        case .review: "Skill review"
        case .test: "Test"
        case .account: "Account"
        case .snooze: "Snoozed"
        case .diary: "Bladder diary"
        }
    }
}
