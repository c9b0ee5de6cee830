import Recurrence
import TallyCore

/// Between the domain's enums and the generated API's, by exhaustive switches: a case added on either
/// side is a compile error here, not a request that traps. (`.init(rawValue:)!` bridges once did: the
/// generated tracker type reads `"type": ""` as its null case, and the force unwrap stopped the server.)
extension APIValue {
    static func level(_ level: CompletionLevel) -> Components.Schemas.CompletionLevel {
        switch level {
        case .none: .none
        case .partial: .partial
        case .full: .full
        }
    }

    static func level(_ level: Components.Schemas.CompletionLevel) -> CompletionLevel {
        switch level {
        case .none: .none
        case .partial: .partial
        case .full: .full
        }
    }

    static func theme(_ theme: ColorTheme) -> Components.Schemas.ColorTheme {
        switch theme {
        case .blue: .blue
        case .purple: .purple
        case .pink: .pink
        case .red: .red
        case .orange: .orange
        case .gold: .gold
        case .green: .green
        case .teal: .teal
        }
    }

    static func theme(_ theme: Components.Schemas.ColorTheme) -> ColorTheme {
        switch theme {
        case .blue: .blue
        case .purple: .purple
        case .pink: .pink
        case .red: .red
        case .orange: .orange
        case .gold: .gold
        case .green: .green
        case .teal: .teal
        }
    }

    /// Nil for the input's null case (`""` reads as it), which means the field was left out.
    static func theme(_ theme: Components.Schemas.ColorThemeInput) -> ColorTheme? {
        switch theme {
        case .blue: .blue
        case .purple: .purple
        case .pink: .pink
        case .red: .red
        case .orange: .orange
        case .gold: .gold
        case .green: .green
        case .teal: .teal
        case ._empty_: nil
        }
    }

    static func trackerKind(_ kind: TrackerKind) -> Components.Schemas.TrackerType {
        switch kind {
        case .since: .since
        case .till: .till
        }
    }

    /// Nil for the input's null case (`""` reads as it), which means the field was left out.
    static func trackerKind(_ kind: Components.Schemas.TrackerTypeInput) -> TrackerKind? {
        switch kind {
        case .since: .since
        case .till: .till
        case ._empty_: nil
        }
    }

    static func displayUnit(_ unit: DisplayUnit) -> Components.Schemas.DisplayUnit {
        switch unit {
        case .years: .years
        case .months: .months
        case .weeks: .weeks
        case .days: .days
        case .hours: .hours
        }
    }

    static func displayUnit(_ unit: Components.Schemas.DisplayUnit) -> DisplayUnit {
        switch unit {
        case .years: .years
        case .months: .months
        case .weeks: .weeks
        case .days: .days
        case .hours: .hours
        }
    }

    static func direction(_ direction: TimeBreakdown.Direction) -> Components.Schemas.Tracker.DirectionPayload {
        switch direction {
        case .past: .past
        case .future: .future
        }
    }

    static func category(_ category: MomentCategory) -> Components.Schemas.Moment.CategoryPayload {
        switch category {
        case .achievement: .achievement
        case .milestone: .milestone
        case .breakthrough: .breakthrough
        case .personal: .personal
        }
    }

    static func source(_ source: WaterSource) -> Components.Schemas.WaterEntry.SourcePayload {
        switch source {
        case .web: .web
        case .cli: .cli
        case .api: .api
        case .import: ._import
        }
    }

    static func unit(_ unit: VolumeUnit) -> Components.Schemas.WaterDay.UnitPayload {
        switch unit {
        case .ml: .ml
        case .oz: .oz
        }
    }

    static func unit(_ unit: VolumeUnit) -> Components.Schemas.WaterSettings.UnitPayload {
        switch unit {
        case .ml: .ml
        case .oz: .oz
        }
    }
}

extension APIValue {
    static func weekday(_ day: Weekday) -> Components.Schemas.Weekday {
        switch day {
        case .monday: .monday
        case .tuesday: .tuesday
        case .wednesday: .wednesday
        case .thursday: .thursday
        case .friday: .friday
        case .saturday: .saturday
        case .sunday: .sunday
        }
    }

    static func weekStart(_ day: Weekday?) -> Components.Schemas.Settings.WeekStartPayload {
        switch day {
        case nil: ._empty_
        case .monday: .monday
        case .tuesday: .tuesday
        case .wednesday: .wednesday
        case .thursday: .thursday
        case .friday: .friday
        case .saturday: .saturday
        case .sunday: .sunday
        }
    }

    static func period(_ period: WaterPeriod) -> Components.Schemas.WaterPeriod {
        switch period {
        case .week: .week
        case .month: .month
        }
    }

    static func targetPeriod(_ period: SkillTarget.Period) -> Components.Schemas.Skill.TargetPeriodPayload {
        switch period {
        case .day: .day
        case .week: .week
        case .month: .month
        }
    }

    /// Nil for the input's null case (`""` reads as it), which means the field was left out.
    static func targetPeriod(_ period: Components.Schemas.SkillInput.TargetPeriodPayload) -> SkillTarget.Period? {
        switch period {
        case .day: .day
        case .week: .week
        case .month: .month
        case ._empty_: nil
        }
    }

    static func channelKind(_ kind: NotificationChannel.Kind) -> Components.Schemas.NotificationChannel.KindPayload {
        switch kind {
        case .ntfy: .ntfy
        case .webhook: .webhook
        case .push: .push
        }
    }

    static func channelKind(
        _ kind: Components.Schemas.NotificationChannelInput.KindPayload
    ) -> NotificationChannel.Kind {
        switch kind {
        case .ntfy: .ntfy
        case .webhook: .webhook
        case .push: .push
        }
    }
}
