import Hummingbird
import TallyServices

/// The web app's routes. Every page works without JavaScript: forms post and redirect.
struct WebRoutes {
    let scope: UserScope
    let templates: Templates

    func register(on router: Router<BasicRequestContext>) {
        let bathroom = BathroomPages(scope: scope, templates: templates)
        let diary = DiaryPage(scope: scope, templates: templates)
        let settings = SettingsPage(scope: scope, templates: templates)
        let today = TodayPage(scope: scope, templates: templates)
        let water = WaterPages(scope: scope, templates: templates)
        let waterStats = WaterStatsPages(scope: scope, templates: templates)
        let waterSettings = WaterSettingsPage(scope: scope, templates: templates)
        let share = WaterSharePages(scope: scope, templates: templates)
        router.get("/", use: today.page)
        router.get("/water", use: water.home)
        router.post("/water/entries", use: water.create)
        router.get("/water/entries/:id/edit", use: water.edit)
        router.post("/water/entries/:id", use: water.update)
        router.post("/water/entries/:id/delete", use: water.delete)
        router.post("/water/undo", use: water.undo)
        router.get("/water/stats", use: waterStats.stats)
        router.get("/water/calendar", use: waterStats.calendar)
        router.get("/water/settings", use: waterSettings.page)
        router.post("/water/settings", use: waterSettings.save)
        router.get("/water/share", use: share.page)
        router.post("/water/share", use: share.toggle)
        router.get("/water/share/day/:file", use: share.dayCard)
        router.get("/water/share/streak.svg", use: share.streakCard)
        router.get("/shared/:token", use: share.publicPage)
        router.get("/shared/:token/:card", use: share.publicCard)
        router.get("/bathroom", use: bathroom.dashboard)
        router.get("/bathroom/new", use: bathroom.newEvent)
        router.post("/bathroom/events", use: bathroom.create)
        router.post("/bathroom/events/:id/delete", use: bathroom.delete)
        router.get("/bathroom/history", use: bathroom.history)
        router.get("/bathroom/diary", use: diary.page)
        router.get("/settings", use: settings.page)
        router.post("/settings", use: settings.save)
        registerSkills(on: router)
    }

    /// The skills tracker (seed 004).
    private func registerSkills(on router: Router<BasicRequestContext>) {
        let home = SkillsHomePage(scope: scope, templates: templates)
        let form = SkillsFormPage(scope: scope, templates: templates)
        let progress = SkillsProgressPage(scope: scope, templates: templates)
        let moments = SkillsMomentsPage(scope: scope, templates: templates)
        let list = SkillsListPage(scope: scope, templates: templates)
        router.get("/skills", use: home.page)
        router.post("/skills/quick", use: home.quickAdd)
        router.post("/skills/routine", use: home.routine)
        router.get("/skills/new", use: form.new)
        router.post("/skills", use: form.create)
        router.post("/skills/categories", use: form.addCategory)
        router.get("/skills/all", use: list.page)
        router.get("/skills/progress", use: progress.page)
        router.get("/skills/export", use: progress.export)
        router.post("/skills/import", use: progress.importBackup)
        router.get("/skills/moments", use: moments.page)
        router.post("/skills/moments", use: moments.create)
        router.post("/skills/moments/:id/delete", use: moments.delete)
        router.get("/skills/:id/edit", use: form.edit)
        router.get("/skills/:id/history", use: list.history)
        router.post("/skills/:id", use: form.update)
        router.post("/skills/:id/complete", use: home.complete)
        router.post("/skills/:id/delete", use: form.delete)
        router.post("/skills/:id/archive", use: form.archive)
        router.post("/skills/:id/review", use: form.review)
        router.post("/skills/:id/rollover", use: form.rollover)
    }
}
