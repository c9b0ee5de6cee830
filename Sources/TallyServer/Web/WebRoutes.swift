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
        router.get("/") { _, _ in HTML.redirect(to: "/bathroom") }
        router.get("/bathroom", use: bathroom.dashboard)
        router.get("/bathroom/new", use: bathroom.newEvent)
        router.post("/bathroom/events", use: bathroom.create)
        router.post("/bathroom/events/:id/delete", use: bathroom.delete)
        router.get("/bathroom/history", use: bathroom.history)
        router.get("/bathroom/diary", use: diary.page)
        router.get("/settings", use: settings.page)
        router.post("/settings", use: settings.save)
    }
}
