extension RouteCase {
    /// The table, reads and edits first, deletes next, and last what ends the owner's session.
    static let all: [RouteCase] = open + pages + webForms + api + apiWrites + sync + deletes + endings

    static let open: [RouteCase] = [
        .get("/health", .open), .get("/ready", .open), .get("/openapi.json", .open), .get("/login", .open),
        .get("/setup", .open),
        .get("/signup", .open), .get("/static/app.css", .open), .get("/static/app.js", .open),
        .get("/static/icon.svg", .open), .get("/static/manifest.webmanifest", .open),
        .get("/static/queue.js", .open), .get("/static/offline.html", .open),
        .get("/static/icon-192.png", .open), .get("/static/icon-512.png", .open),
        .get("/static/icon-maskable-512.png", .open), .get("/static/apple-touch-icon.png", .open),
        .get("/shared/{token}", .open, "/shared/{share}"),
        .get("/shared/{token}/{card}", .open, "/shared/{share}/today.svg"),
        .get("/shared-diary/{secret}", .open, "/shared-diary/{diaryShare}"),
        .post("/login", .open, nil, .form(["name": "owner", "password": "wrong password"])),
        .post("/setup", .open, nil, .form(["name": "late", "password": "a long enough secret"])),
        .post("/signup", .open, nil, .form(["name": "visitor", "password": "a long enough secret"])),
        .post("/api/v1/auth/tokens", .open, nil, .json(#"{"user":"owner","password":"wrong","name":"x"}"#)),
        .post("/login/code", .open, nil, .form(["name": "nobody"])),
        .post("/api/v1/auth/sign-in-code", .open, nil, .json(#"{"user":"nobody"}"#)),
        .get("/sw.js", .open), .get("/static/sw.js", .open), .get("/api/v1/notifications/push-key", .open),
        .get("/calendar/{file}", .open, "/calendar/\(String(repeating: "0", count: 64)).ics"),
        .post("/api/v1/notifications/actions", .open, nil, .json(#"{"token":"e30.AAAA","action":"water"}"#)),
        .get("/widget/{secret}", .open, "/widget/{widget}"),
        .get("/widget/{secret}/ring.svg", .open, "/widget/{widget}/ring.svg"),
        .get("/widget/{secret}/status.json", .open, "/widget/{widget}/status.json"),
        .get("/widget/{secret}/add", .open, "/widget/{widget}/add?amount=250&signature=forged"),
        // A forged button: the access test expects no change to the owner's data from anyone.
        .post("/widget/{secret}/add", .open, "/widget/{widget}/add?amount=250&signature=forged"),
    ]

    static let pages: [RouteCase] = [
        .get("/settings/widgets", .signedIn), .get("/", .signedIn), .get("/account", .signedIn), .get("/admin", .admin),
        .get("/bathroom", .signedIn),
        .get("/bathroom/diary", .signedIn), .get("/bathroom/diary/report", .signedIn),
        .get("/bathroom/diary/shares", .signedIn),
        .get("/bathroom/history", .signedIn), .get("/bathroom/new", .signedIn),
        .get("/dates", .signedIn), .get("/dates/events", .signedIn), .get("/dates/events/new", .signedIn),
        .get("/dates/reminders", .signedIn), .get("/dates/trackers/new", .signedIn),
        .get("/export/calendar.ics", .signedIn), .get("/export/csv", .signedIn),
        .get("/export/backup.zip", .signedIn), .get("/import", .signedIn),
        .get("/import/{id}", .owned, "/import/{upload}"),
        .get("/dates/events/{id}/edit", .owned, "/dates/events/{event}/edit"),
        .get("/dates/reminders/{id}/edit", .owned, "/dates/reminders/{reminder}/edit"),
        .get("/skills/moments/{id}/edit", .owned, "/skills/moments/{moment}/edit"),
        .get("/dates/trackers/{id}", .owned, "/dates/trackers/{tracker}"),
        .get("/dates/trackers/{id}/edit", .owned, "/dates/trackers/{tracker}/edit"),
        .get("/images/{name}", .owned, "/images/{image}"), .get("/journal", .signedIn),
        .get("/journal/year", .signedIn), .get("/insights", .signedIn), .get("/settings", .signedIn),
        .get("/skills", .signedIn),
        .get("/skills/all", .signedIn), .get("/skills/export", .signedIn), .get("/skills/moments", .signedIn),
        .get("/skills/new", .signedIn), .get("/skills/progress", .signedIn),
        .get("/skills/{id}/edit", .owned, "/skills/{skill}/edit"),
        .get("/skills/{id}/history", .owned, "/skills/{skill}/history"),
        .get("/skills/{id}/rule", .owned, "/skills/{skill}/rule"), .get("/water", .signedIn),
        .get("/water/calendar", .signedIn), .get("/water/calendar/week", .signedIn),
        .get("/water/entries/{id}/edit", .owned, "/water/entries/{water}/edit"),
        .get("/water/settings", .signedIn), .get("/water/share", .signedIn),
        .get("/water/share/day/{file}", .signedIn, "/water/share/day/2026-11-22.svg"),
        .get("/water/share/streak.svg", .signedIn), .get("/water/share/week.svg", .signedIn),
        .get("/water/stats", .signedIn),
        .get("/settings/notifications", .signedIn),
    ]

    static let webForms: [RouteCase] = [
        .post("/settings/widgets", .signedIn, nil, .form(["action": "on"])),
        .post("/account/tokens", .signedIn, nil, .form(["name": "from the table"])),
        .post("/account/tokens/revoke", .owned, nil, .form(["name": "spare"])),
        .post(
            "/bathroom/diary/shares", .signedIn, nil, .form(["from": "2026-11-20", "to": "2026-11-22", "days": "3"])),
        .post("/bathroom/diary/shares/{id}/revoke", .owned, "/bathroom/diary/shares/{diaryShareID}/revoke"),
        .post("/bathroom/diary/marks", .signedIn, nil, .form(["kind": "wake"])),
        .post("/bathroom/diary/run", .signedIn, nil, .form(["from": "2026-11-20", "days": "3"])),
        // Stops the diary just started.
        .post("/bathroom/diary/run/stop", .signedIn),
        .post(
            "/account/password", .signedIn, nil,
            .form(["current": "a long enough secret", "new": "another long secret"])),
        .post("/admin/invites", .admin), .post("/admin/signup", .admin, nil, .form(["open": "off"])),
        .post("/admin/private-channels", .admin, nil, .form(["allow": "off"])),
        .post(
            "/admin/users", .admin, nil, .form(["name": "newcomer", "password": "a long enough secret", "admin": "on"])),
        .post("/admin/users/remove", .admin, nil, .form(["name": "bystander"])),
        .post("/bathroom/events", .signedIn, nil, .form(["note": "table"])),
        .post(
            "/dates/events", .signedIn, nil,
            .form([
                "title": "Class", "date": "2026-11-23", "time": "18:30", "frequency": "weekly", "interval": "1",
                "category": "Personal",
            ])),
        .post("/dates/events/{id}/skip", .owned, "/dates/events/{event}/skip", .form(["occurrence": "1796081400000"])),
        .post(
            "/dates/events/{id}", .owned, "/dates/events/{event}",
            .form([
                "title": "Renamed class", "date": "2026-11-23", "time": "18:30", "rule": "FREQ=WEEKLY",
                "category": "Personal",
            ])),
        .post(
            "/dates/reminders/{id}", .owned, "/dates/reminders/{reminder}",
            .form(["title": "Renamed", "date": "2026-11-30", "time": "09:00", "category": "Personal"])),
        .post(
            "/skills/moments/{id}", .owned, "/skills/moments/{moment}",
            .form(["title": "Renamed", "date": "2026-11-21", "category": "personal"])),
        .post(
            "/dates/reminders", .signedIn, nil,
            .form(["title": "Call", "date": "2026-11-25", "time": "09:00", "category": "Personal"])),
        .post("/dates/reminders/{id}/done", .owned, "/dates/reminders/{reminder}/done", .form(["done": "on"])),
        .post(
            "/dates/trackers", .signedIn, nil,
            .multipart([
                "title": "Trip", "date": "2026-12-24", "type": "till", "category": "Personal", "unit-days": "on",
            ])),
        .post(
            "/dates/trackers/{id}", .owned, "/dates/trackers/{tracker}",
            .multipart([
                "title": "Trip", "date": "2026-12-25", "type": "till", "category": "Personal", "unit-days": "on",
            ])),
        .post("/journal/{day}", .signedIn, "/journal/2026-11-21", .multipart(["notes": "Quiet", "mood": "3"])),
        .post("/settings", .signedIn, nil, .form(["dayStart": "04:00"])),
        .post("/skills", .signedIn, nil, .form(["name": "Chess", "freq": "daily"])),
        .post("/skills/categories", .signedIn, nil, .form(["name": "Crafts", "colour": "#336699", "icon": "star"])),
        .post("/skills/import", .signedIn, nil, .multipart(["file.json": "{backup}"])),
        .post("/import", .signedIn, nil, .multipart(["daylio.csv": "full_date,date,time,mood,activities\n"])),
        .post("/import/{id}", .owned, "/import/{upload}"),
        .post("/skills/moments", .signedIn, nil, .form(["title": "Calm", "category": "personal"])),
        .post("/skills/quick", .signedIn, nil, .form(["name": "Read"])),
        .post("/skills/routine", .signedIn, nil, .form(["habit": "stretch", "level": "full"])),
        .post("/skills/{id}", .owned, "/skills/{skill}", .form(["name": "Guitar", "freq": "daily"])),
        .post("/skills/{id}/archive", .owned, "/skills/{skill}/archive"),
        .post("/skills/{id}/complete", .owned, "/skills/{skill}/complete", .form(["level": "full"])),
        .post("/skills/{id}/review", .owned, "/skills/{skill}/review"),
        .post("/skills/{id}/rollover", .owned, "/skills/{skill}/rollover", .form(["rollover": "on"])),
        .post("/skills/{id}/rule", .owned, "/skills/{skill}/rule", .form(["water": "2000", "journal": "on"])),
        .post("/water/entries", .signedIn, nil, .form(["amount": "250"])),
        .post("/water/entries/{id}", .owned, "/water/entries/{water}", .form(["amount": "300"])),
        .post("/water/settings", .signedIn, nil, .form(["goal": "2000", "unit": "ml", "step": "50"])),
        .post("/water/share", .signedIn, nil, .form(["enabled": "on"])),
        .post("/water/undo", .signedIn, nil, .form(["id": "{lastWater}"])),
    ]
}
