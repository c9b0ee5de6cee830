/// The files of `Resources/templates`, one case each (a page, or a partial pages include): a page is
/// rendered by its case, so a mistyped name does not compile. `TemplateFileTests` checks that every case
/// has its file and every file its case.
enum Template: String, CaseIterable, Sendable {
    case account
    case admin
    case bathroom
    case bathroomDiary = "bathroom-diary"
    case bathroomHistory = "bathroom-history"
    case bathroomNew = "bathroom-new"
    case bathroomReport = "bathroom-report"
    case bathroomShares = "bathroom-shares"
    case bathroomTabs = "bathroom-tabs"
    case dates
    case datesTabs = "dates-tabs"
    case error
    case eventForm = "event-form"
    case eventRow = "event-row"
    case events
    case foot
    case head
    case icons
    case `import`
    case insights
    case journal
    case journalYear = "journal-year"
    case logForm = "log-form"
    case moodLegend = "mood-legend"
    case notifications
    case presets
    case reminderRow = "reminder-row"
    case reminders
    case ring
    case settings
    case shared
    case signin
    case skillRule = "skill-rule"
    case skillsAll = "skills-all"
    case skillsForm = "skills-form"
    case skillsHeatmap = "skills-heatmap"
    case skillsHistory = "skills-history"
    case skillsHome = "skills-home"
    case skillsMoment = "skills-moment"
    case skillsMoments = "skills-moments"
    case skillsProgress = "skills-progress"
    case skillsTabs = "skills-tabs"
    case skillsTask = "skills-task"
    case today
    case tracker
    case trackerForm = "tracker-form"
    case water
    case waterCalendar = "water-calendar"
    case waterEdit = "water-edit"
    case waterEntryRow = "water-entry-row"
    case waterSettings = "water-settings"
    case waterShare = "water-share"
    case waterStats = "water-stats"
    case waterTabs = "water-tabs"
    case waterWeek = "water-week"
    case widget
    case widgetSettings = "widget-settings"
}
