import Hummingbird
import TallyServices

/// The web app's signed-in pages, one collection per feature. Each request gets its own page value, made
/// from the ``Site`` and the person's ``SignedInContext``; every page works without JavaScript: forms
/// post and redirect. ``TallyRouters`` puts these behind sign-in, the body limit and the anti-forgery
/// check.
enum PageRoutes {
    static func all(_ site: Site) -> [RouteCollection<SignedInContext>] {
        [
            today(site), water(site), bathroom(site), dates(site), journal(site), skills(site), settings(site),
            account(site),
        ]
    }

    /// Today (every tracker at a glance), the insights across trackers, the live updates that refresh open
    /// pages, and the exports.
    static func today(_ site: Site) -> RouteCollection<SignedInContext> {
        let routes = RouteCollection(context: SignedInContext.self)
        routes.get("/") { try await TodayPage(scope: $1.scope, templates: site.templates($1)).page($0, $1) }
        routes.get("/events/stream") { site.liveUpdates.stream($0, $1) }
        routes.get("/export/csv") { try await ExportDownloads(scope: $1.scope).csv($0, $1) }
        routes.get("/export/calendar.ics") { try await ExportDownloads(scope: $1.scope).calendar($0, $1) }
        routes.get("/export/backup.zip") { try await ExportDownloads(scope: $1.scope).backupWithPhotos($0, $1) }
        routes.get("/images/:name") { try await ImageRoute(scope: $1.scope).image($0, $1) }
        routes.get("/insights") {
            try await InsightsPage(scope: $1.scope, templates: site.templates($1)).page($0, $1)
        }
        return routes
    }

    /// Seeds 001 and 003: the water log, its stats and calendars, its settings and share cards.
    static func water(_ site: Site) -> RouteCollection<SignedInContext> {
        let routes = RouteCollection(context: SignedInContext.self)
        @Sendable func water(_ context: SignedInContext) -> WaterPages {
            WaterPages(scope: context.scope, templates: site.templates(context))
        }
        @Sendable func stats(_ context: SignedInContext) -> WaterStatsPages {
            WaterStatsPages(scope: context.scope, templates: site.templates(context))
        }
        @Sendable func share(_ context: SignedInContext) -> WaterSharePages {
            WaterSharePages(scope: context.scope, templates: site.templates(context))
        }
        @Sendable func settings(_ context: SignedInContext) -> WaterSettingsPage {
            WaterSettingsPage(scope: context.scope, templates: site.templates(context))
        }
        routes.get("/water") { try await water($1).home($0, $1) }
        routes.post("/water/entries") { try await water($1).create($0, $1) }
        routes.get("/water/entries/:id/edit") { try await water($1).edit($0, $1) }
        routes.post("/water/entries/:id") { try await water($1).update($0, $1) }
        routes.post("/water/entries/:id/delete") { try await water($1).delete($0, $1) }
        routes.post("/water/entries/:id/restore") { try await water($1).restore($0, $1) }
        routes.post("/water/undo") { try await water($1).undo($0, $1) }
        routes.get("/water/stats") { try await stats($1).stats($0, $1) }
        routes.get("/water/calendar") { try await stats($1).calendar($0, $1) }
        routes.get("/water/calendar/week") {
            try await WaterWeekPage(scope: $1.scope, templates: site.templates($1)).page($0, $1)
        }
        routes.get("/water/settings") { try await settings($1).page($0, $1) }
        routes.post("/water/settings") { try await settings($1).save($0, $1) }
        routes.get("/water/share") { try await share($1).page($0, $1) }
        routes.post("/water/share") { try await share($1).toggle($0, $1) }
        routes.get("/water/share/day/:file") { try await share($1).dayCard($0, $1) }
        routes.get("/water/share/streak.svg") { try await share($1).streakCard($0, $1) }
        routes.get("/water/share/week.svg") { try await share($1).weekCard($0, $1) }
        return routes
    }

    /// Seed 000: the bathroom log, the bladder diary, its report and its share links.
    static func bathroom(_ site: Site) -> RouteCollection<SignedInContext> {
        let routes = RouteCollection(context: SignedInContext.self)
        @Sendable func pages(_ context: SignedInContext) -> BathroomPages {
            BathroomPages(scope: context.scope, templates: site.templates(context))
        }
        @Sendable func shares(_ context: SignedInContext) -> DiarySharesPage {
            DiarySharesPage(
                scope: context.scope, templates: site.templates(context), store: site.store, publicURL: site.publicURL)
        }
        routes.get("/bathroom") { try await pages($1).dashboard($0, $1) }
        routes.get("/bathroom/new") { try await pages($1).newEvent($0, $1) }
        routes.post("/bathroom/events") { try await pages($1).create($0, $1) }
        routes.post("/bathroom/events/:id/delete") { try await pages($1).delete($0, $1) }
        routes.post("/bathroom/events/:id/restore") { try await pages($1).restore($0, $1) }
        routes.get("/bathroom/history") { try await pages($1).history($0, $1) }
        routes.get("/bathroom/diary") {
            try await DiaryPage(scope: $1.scope, templates: site.templates($1)).page($0, $1)
        }
        routes.post("/bathroom/diary/run") {
            try await DiaryPage(scope: $1.scope, templates: site.templates($1)).start($0, $1)
        }
        routes.post("/bathroom/diary/marks") {
            try await DiaryPage(scope: $1.scope, templates: site.templates($1)).mark($0, $1)
        }
        routes.post("/bathroom/diary/run/stop") {
            try await DiaryPage(scope: $1.scope, templates: site.templates($1)).stop($0, $1)
        }
        routes.get("/bathroom/diary/report") {
            try await DiaryReportPage(scope: $1.scope, templates: site.templates($1)).page($0, $1)
        }
        routes.get("/bathroom/diary/shares") { try await shares($1).page($0, $1) }
        routes.post("/bathroom/diary/shares") { try await shares($1).create($0, $1) }
        routes.post("/bathroom/diary/shares/:id/revoke") { try await shares($1).revoke($0, $1) }
        return routes
    }

    /// Seed 002 (Datekeeper): since/until trackers, reminders and recurring events.
    static func dates(_ site: Site) -> RouteCollection<SignedInContext> {
        let routes = RouteCollection(context: SignedInContext.self)
        @Sendable func trackers(_ context: SignedInContext) -> TrackerPages {
            TrackerPages(scope: context.scope, templates: site.templates(context))
        }
        @Sendable func reminders(_ context: SignedInContext) -> ReminderPages {
            ReminderPages(scope: context.scope, templates: site.templates(context))
        }
        @Sendable func events(_ context: SignedInContext) -> EventPages {
            EventPages(scope: context.scope, templates: site.templates(context))
        }
        routes.get("/dates") { try await trackers($1).list($0, $1) }
        routes.get("/dates/trackers/new") { try await trackers($1).newForm($0, $1) }
        routes.post("/dates/trackers") { try await trackers($1).create($0, $1) }
        routes.get("/dates/trackers/:id") { try await trackers($1).detail($0, $1) }
        routes.get("/dates/trackers/:id/edit") { try await trackers($1).editForm($0, $1) }
        routes.post("/dates/trackers/:id") { try await trackers($1).update($0, $1) }
        routes.post("/dates/trackers/:id/delete") { try await trackers($1).delete($0, $1) }
        routes.get("/dates/reminders") { try await reminders($1).page($0, $1) }
        routes.post("/dates/reminders") { try await reminders($1).create($0, $1) }
        routes.get("/dates/reminders/:id/edit") { try await reminders($1).editForm($0, $1) }
        routes.post("/dates/reminders/:id") { try await reminders($1).update($0, $1) }
        routes.post("/dates/reminders/:id/done") { try await reminders($1).done($0, $1) }
        routes.post("/dates/reminders/:id/delete") { try await reminders($1).delete($0, $1) }
        routes.get("/dates/events") { try await events($1).page($0, $1) }
        routes.get("/dates/events/new") { try await events($1).newForm($0, $1) }
        routes.post("/dates/events") { try await events($1).create($0, $1) }
        routes.get("/dates/events/:id/edit") { try await events($1).editForm($0, $1) }
        routes.post("/dates/events/:id") { try await events($1).update($0, $1) }
        routes.post("/dates/events/:id/skip") { try await events($1).skip($0, $1) }
        routes.post("/dates/events/:id/delete") { try await events($1).delete($0, $1) }
        return routes
    }

    /// Seed 002's journal: a day's note, mood and photo, and the year in moods.
    static func journal(_ site: Site) -> RouteCollection<SignedInContext> {
        let routes = RouteCollection(context: SignedInContext.self)
        @Sendable func journal(_ context: SignedInContext) -> JournalPages {
            JournalPages(scope: context.scope, templates: site.templates(context))
        }
        routes.get("/journal") { try await journal($1).page($0, $1) }
        routes.get("/journal/year") { try await journal($1).year($0, $1) }
        routes.post("/journal/:day") { try await journal($1).save($0, $1) }
        routes.post("/journal/:day/delete") { try await journal($1).delete($0, $1) }
        return routes
    }

    /// Seed 004: skills and habits, the morning routine, moments, progress, and the import page.
    static func skills(_ site: Site) -> RouteCollection<SignedInContext> {
        let routes = RouteCollection(context: SignedInContext.self)
        @Sendable func home(_ context: SignedInContext) -> SkillsHomePage {
            SkillsHomePage(scope: context.scope, templates: site.templates(context))
        }
        @Sendable func form(_ context: SignedInContext) -> SkillsFormPage {
            SkillsFormPage(scope: context.scope, templates: site.templates(context))
        }
        @Sendable func progress(_ context: SignedInContext) -> SkillsProgressPage {
            SkillsProgressPage(scope: context.scope, templates: site.templates(context))
        }
        @Sendable func moments(_ context: SignedInContext) -> SkillsMomentsPage {
            SkillsMomentsPage(scope: context.scope, templates: site.templates(context))
        }
        @Sendable func list(_ context: SignedInContext) -> SkillsListPage {
            SkillsListPage(scope: context.scope, templates: site.templates(context))
        }
        @Sendable func imports(_ context: SignedInContext) -> ImportPage {
            ImportPage(scope: context.scope, templates: site.templates(context), uploads: site.uploads)
        }
        @Sendable func rule(_ context: SignedInContext) -> SkillRulePage {
            SkillRulePage(scope: context.scope, templates: site.templates(context))
        }
        routes.get("/skills") { try await home($1).page($0, $1) }
        routes.post("/skills/quick") { try await home($1).quickAdd($0, $1) }
        routes.post("/skills/routine") { try await home($1).routine($0, $1) }
        routes.get("/skills/new") { try await form($1).new($0, $1) }
        routes.post("/skills") { try await form($1).create($0, $1) }
        routes.post("/skills/categories") { try await form($1).addCategory($0, $1) }
        routes.get("/skills/all") { try await list($1).page($0, $1) }
        routes.get("/skills/progress") { try await progress($1).page($0, $1) }
        routes.get("/skills/export") { try await progress($1).export($0, $1) }
        routes.get("/skills/moments") { try await moments($1).page($0, $1) }
        routes.post("/skills/moments") { try await moments($1).create($0, $1) }
        routes.get("/skills/moments/:id/edit") { try await moments($1).edit($0, $1) }
        routes.post("/skills/moments/:id") { try await moments($1).update($0, $1) }
        routes.post("/skills/moments/:id/delete") { try await moments($1).delete($0, $1) }
        routes.get("/skills/:id/edit") { try await form($1).edit($0, $1) }
        routes.get("/skills/:id/history") { try await list($1).history($0, $1) }
        routes.post("/skills/:id") { try await form($1).update($0, $1) }
        routes.post("/skills/:id/complete") { try await home($1).complete($0, $1) }
        routes.post("/skills/:id/delete") { try await form($1).delete($0, $1) }
        routes.post("/skills/:id/archive") { try await form($1).archive($0, $1) }
        routes.post("/skills/:id/review") { try await form($1).review($0, $1) }
        routes.post("/skills/:id/rollover") { try await form($1).rollover($0, $1) }
        routes.get("/skills/:id/rule") { try await rule($1).page($0, $1) }
        routes.post("/skills/:id/rule") { try await rule($1).save($0, $1) }
        routes.post("/skills/:id/rule/delete") { try await rule($1).remove($0, $1) }
        routes.get("/import") { try await imports($1).page($0, $1) }
        routes.get("/import/:id") { try await imports($1).preview($0, $1) }
        routes.post("/import/:id") { try await imports($1).confirm($0, $1) }
        routes.post("/import/:id/delete") { try await imports($1).cancel($0, $1) }
        return routes
    }

    /// The uploads of files to import (the Import page's, and the progress screen's backup form): their
    /// bodies go to disk as they arrive, so ``TallyRouters`` guards them apart.
    static func uploads(_ site: Site) -> RouteCollection<SignedInContext> {
        let routes = RouteCollection(context: SignedInContext.self)
        @Sendable func imports(_ context: SignedInContext) -> ImportPage {
            ImportPage(scope: context.scope, templates: site.templates(context), uploads: site.uploads)
        }
        routes.post("/import") { try await imports($1).upload($0, $1) }
        routes.post("/skills/import") { try await imports($1).importBackup($0, $1) }
        return routes
    }

    /// Settings: the person's zone, day and week; notifications; widget addresses.
    static func settings(_ site: Site) -> RouteCollection<SignedInContext> {
        let routes = RouteCollection(context: SignedInContext.self)
        @Sendable func settings(_ context: SignedInContext) -> SettingsPage {
            SettingsPage(scope: context.scope, templates: site.templates(context), userName: context.user.name)
        }
        @Sendable func notifications(_ context: SignedInContext) -> NotificationsPage {
            NotificationsPage(
                scope: context.scope, templates: site.templates(context), store: site.store,
                setup: site.notificationSetup)
        }
        @Sendable func widgets(_ context: SignedInContext) -> WidgetSettingsPage {
            WidgetSettingsPage(
                scope: context.scope, templates: site.templates(context), store: site.store, publicURL: site.publicURL,
                signature: site.widgetSignature)
        }
        routes.get("/settings") { try await settings($1).page($0, $1) }
        routes.post("/settings") { try await settings($1).save($0, $1) }
        routes.get("/settings/notifications") { try await notifications($1).page($0, $1) }
        routes.post("/settings/notifications") { try await notifications($1).save($0, $1) }
        routes.post("/settings/notifications/channels") { try await notifications($1).addChannel($0, $1) }
        routes.post("/settings/notifications/push") { try await notifications($1).addBrowser($0, $1) }
        routes.post("/settings/notifications/channels/:id/test") { try await notifications($1).test($0, $1) }
        routes.post("/settings/notifications/channels/:id/delete") { try await notifications($1).remove($0, $1) }
        routes.post("/settings/notifications/calendar") { try await notifications($1).calendar($0, $1) }
        routes.get("/settings/widgets") { try await widgets($1).page($0, $1) }
        routes.post("/settings/widgets") { try await widgets($1).save($0, $1) }
        return routes
    }

    /// The person's account (tokens, password, deletion) and, for an administrator, the server's people.
    static func account(_ site: Site) -> RouteCollection<SignedInContext> {
        let routes = RouteCollection(context: SignedInContext.self)
        @Sendable func account(_ context: SignedInContext) -> AccountPage {
            AccountPage(
                accounts: site.accounts, templates: site.templates(context), cookies: site.cookies,
                user: context.user, session: context.auth.session)
        }
        @Sendable func admin(_ context: SignedInContext) -> AdminPage {
            AdminPage(accounts: site.accounts, templates: site.templates(context), user: context.user)
        }
        routes.get("/account") { try await account($1).page($0, $1) }
        routes.post("/account/tokens") { try await account($1).createToken($0, $1) }
        routes.post("/account/tokens/revoke") { try await account($1).revokeToken($0, $1) }
        routes.post("/account/password") { try await account($1).changePassword($0, $1) }
        routes.post("/account/delete") { try await account($1).delete($0, $1) }
        routes.get("/admin") { try await admin($1).page($0, $1) }
        routes.post("/admin/users") { try await admin($1).addUser($0, $1) }
        routes.post("/admin/users/remove") { try await admin($1).removeUser($0, $1) }
        routes.post("/admin/invites") { try await admin($1).invite($0, $1) }
        routes.post("/admin/signup") { try await admin($1).setSignUp($0, $1) }
        routes.post("/admin/private-channels") { try await admin($1).setPrivateChannels($0, $1) }
        return routes
    }
}
