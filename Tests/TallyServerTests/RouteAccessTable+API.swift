extension RouteCase {
    static let api: [RouteCase] = [
        .get("/api/v1/me", .signedIn), .get("/api/v1/tokens", .signedIn), .get("/api/v1/today", .signedIn),
        .get("/api/v1/bathroom/diary", .signedIn, "/api/v1/bathroom/diary?from=2026-11-20&to=2026-11-22"),
        .get(
            "/api/v1/bathroom/diary/report", .signedIn, "/api/v1/bathroom/diary/report?from=2026-11-20&to=2026-11-22"),
        .get("/api/v1/bathroom/events", .signedIn), .get("/api/v1/bathroom/diary/run", .signedIn),
        .get("/api/v1/bathroom/diary/shares", .signedIn),
        .get(
            "/api/v1/bathroom/diary/marks", .signedIn, "/api/v1/bathroom/diary/marks?from=2026-11-20&to=2026-11-22"),
        .get("/api/v1/bathroom/events/{id}", .owned, "/api/v1/bathroom/events/{bathroom}"),
        .get("/api/v1/events", .signedIn), .get("/api/v1/events/{id}", .owned, "/api/v1/events/{event}"),
        .get("/api/v1/journal", .signedIn), .get("/api/v1/journal/{date}", .owned, "/api/v1/journal/2026-11-20"),
        .get("/api/v1/moments", .signedIn), .get("/api/v1/reminders", .signedIn),
        .get("/api/v1/reminders/{id}", .owned, "/api/v1/reminders/{reminder}"), .get("/api/v1/routine", .signedIn),
        .get("/api/v1/settings", .signedIn), .get("/api/v1/skills", .signedIn), .get("/api/v1/skills/day", .signedIn),
        .get("/api/v1/skills/month/{month}", .signedIn, "/api/v1/skills/month/2026-11"),
        .get("/api/v1/skills/progress", .signedIn), .get("/api/v1/skills/week", .signedIn),
        .get("/api/v1/skills/year/{year}", .signedIn, "/api/v1/skills/year/2026"),
        .get("/api/v1/skills/{id}", .owned, "/api/v1/skills/{skill}"),
        .get("/api/v1/skills/{id}/rule", .owned, "/api/v1/skills/{skill}/rule"),
        .get("/api/v1/insights", .signedIn), .get("/api/v1/trackers", .signedIn),
        .get("/api/v1/trackers/{id}", .owned, "/api/v1/trackers/{tracker}"),
        .get("/api/v1/water/calendar/{month}", .signedIn, "/api/v1/water/calendar/2026-11"),
        .get("/api/v1/water/weeks/{day}", .signedIn, "/api/v1/water/weeks/2026-11-04"),
        .get("/api/v1/water/days/{day}", .signedIn, "/api/v1/water/days/2026-11-22"),
        .get("/api/v1/water/entries", .signedIn),
        .get("/api/v1/water/entries/{id}", .owned, "/api/v1/water/entries/{water}"),
        .get("/api/v1/water/range", .signedIn, "/api/v1/water/range?from=2026-11-01&to=2026-11-22"),
        .get("/api/v1/water/settings", .signedIn), .get("/api/v1/water/stats", .signedIn),
        .get("/api/v1/notifications/settings", .signedIn), .get("/api/v1/notifications/channels", .signedIn),
        .get("/api/v1/notifications/upcoming", .signedIn), .get("/api/v1/notifications/log", .signedIn),
        .get("/api/v1/notifications/calendar", .signedIn),
    ]

    static let apiWrites: [RouteCase] = [
        .post("/api/v1/tokens", .signedIn, nil, .json(#"{"name":"api table"}"#)),
        .post("/api/v1/bathroom/events", .signedIn, nil, .json(#"{"note":"table"}"#)),
        .post(
            "/api/v1/bathroom/diary/marks", .signedIn, nil,
            .json(#"{"kind":"bed","day":"2026-11-21","time":"23:30"}"#)),
        .post("/api/v1/bathroom/diary/run", .signedIn, nil, .json(#"{"days":3}"#)),
        .post(
            "/api/v1/bathroom/diary/shares", .signedIn, nil, .json(#"{"from":"2026-11-20","to":"2026-11-22","days":3}"#)
        ),
        // Stops the diary just started.
        .delete("/api/v1/bathroom/diary/run", .signedIn, "/api/v1/bathroom/diary/run"),
        .put("/api/v1/bathroom/events/{id}", .owned, "/api/v1/bathroom/events/{bathroom}", #"{"note":"edited"}"#),
        .post(
            "/api/v1/events", .signedIn, nil,
            .json(#"{"title":"Swim","startDate":"2026-11-23T18:30:00-05:00","recurrenceRule":"FREQ=WEEKLY"}"#)),
        .put("/api/v1/events/{id}", .owned, "/api/v1/events/{event}", #"{"title":"Yoga class"}"#),
        .post("/api/v1/events/{id}/skip", .owned, "/api/v1/events/{event}/skip?occurrence=2026-12-07T23:30:00Z"),
        .post("/api/v1/images", .signedIn, nil, .image),
        .put("/api/v1/journal/{date}", .signedIn, "/api/v1/journal/2026-11-19", #"{"notes":"Fine","moodRating":3}"#),
        .post("/api/v1/moments", .signedIn, nil, .json(#"{"title":"Calm","category":"personal"}"#)),
        .post("/api/v1/reminders", .signedIn, nil, .json(#"{"title":"Call","date":"2026-11-25T09:00:00-05:00"}"#)),
        .put("/api/v1/reminders/{id}", .owned, "/api/v1/reminders/{reminder}", #"{"done":true}"#),
        .put("/api/v1/routine/{habit}", .signedIn, "/api/v1/routine/stretch", #"{"level":"partial"}"#),
        .patch("/api/v1/settings", #"{"dayStart":"03:00"}"#),
        .post("/api/v1/skills", .signedIn, nil, .json(#"{"name":"Swim"}"#)),
        .put("/api/v1/skills/{id}", .owned, "/api/v1/skills/{skill}", #"{"name":"Guitar practice"}"#),
        .post("/api/v1/skills/{id}/archive", .owned, "/api/v1/skills/{skill}/archive"),
        .put("/api/v1/skills/{id}/rule", .owned, "/api/v1/skills/{skill}/rule", #"{"water":"goal","journal":true}"#),
        .post(
            "/api/v1/skills/{id}/completions", .owned, "/api/v1/skills/{skill}/completions",
            .json(#"{"level":"partial"}"#)),
        .post(
            "/api/v1/trackers", .signedIn, nil,
            .json(#"{"title":"Trip","targetDate":"2026-12-24T00:00:00-05:00","type":"till"}"#)),
        .put("/api/v1/trackers/{id}", .owned, "/api/v1/trackers/{tracker}", #"{"displayUnits":["days"]}"#),
        .post("/api/v1/water/entries", .signedIn, nil, .json(#"{"amountMl":200}"#)),
        .put("/api/v1/water/entries/{id}", .owned, "/api/v1/water/entries/{water}", #"{"amountMl":350}"#),
        .patch("/api/v1/water/settings", #"{"goalMl":2200}"#),
        .post("/api/v1/water/undo", .signedIn),
        .post(
            "/mcp", .signedIn, nil,
            .json(
                #"{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"log_water","arguments":{"amount":"200ml"}}}"#
            )),
        .patch("/api/v1/notifications/settings", #"{"waterPerDay":"6","waterQuiet":"22:00-07:00"}"#),
        .post(
            "/api/v1/notifications/channels", .signedIn, nil,
            .json(#"{"kind":"ntfy","url":"http://127.0.0.1:9/api-topic","name":"api ntfy"}"#)),
        .post("/api/v1/notifications/test", .signedIn, "/api/v1/notifications/test?channel=hook"),
        .post("/api/v1/notifications/calendar", .signedIn, "/api/v1/notifications/calendar?rotate=true"),
        .post("/settings/notifications", .signedIn, nil, .form(["water": "on", "waterPerDay": "6", "waterGap": "30"])),
        .post(
            "/settings/notifications/channels", .signedIn, nil,
            .form(["kind": "ntfy", "url": "http://127.0.0.1:9/topic", "name": "table ntfy"])),
        .post(
            "/settings/notifications/push", .signedIn, nil,
            .form([
                "endpoint": "http://127.0.0.1:9/push/table",
                "p256dh": "BGRYm3QfQ_9Cx_54EpT-PIq0TCYWvpm6KGmy95eUgoU51RxFze3MG2pwPlqpR59SoenSCE4NzXBQTRDjJxVKm8U",
                "auth": "hG0DrX5KNgOmAP5QqkE5fQ",
            ])),
        .post("/settings/notifications/channels/{id}/test", .owned, "/settings/notifications/channels/{channel}/test"),
        .post("/settings/notifications/calendar", .signedIn, nil, .form(["feed": "on"])),
    ]

    /// Sync acts on the caller's own records; a device id claimed by another user is refused (4xx).
    static let sync: [RouteCase] = [
        .get("/api/v1/sync/status", .signedIn), .get("/events/stream", .signedIn, "/events/stream?probe"),
        .post("/api/v1/sync/push", .signedIn, nil, .json(#"{"deviceId":"{device}","through":0,"changes":{backup}}"#)),
        .post("/api/v1/sync/pull", .signedIn, nil, .json(#"{"deviceId":"{device}","after":0}"#)),
        .post("/api/v1/sync/digests", .signedIn, nil, .json(#"{"deviceId":"{device}"}"#)),
        .post("/api/v1/sync/records", .signedIn, nil, .json(#"{"deviceId":"{device}","buckets":[]}"#)),
    ]

    static let deletes: [RouteCase] = [
        .post("/import/{id}/delete", .owned, "/import/{spareUpload}"),
        .delete("/api/v1/notifications/channels/{name}", .owned, "/api/v1/notifications/channels/{channel2}"),
        .post(
            "/settings/notifications/channels/{id}/delete", .owned, "/settings/notifications/channels/{channel3}/delete"
        ),
        .delete("/api/v1/notifications/calendar", .signedIn, "/api/v1/notifications/calendar"),
        .delete("/api/v1/tokens/{name}", .owned, "/api/v1/tokens/spare-api"),
        .delete("/api/v1/events/{id}/skip", .owned, "/api/v1/events/{event}/skip?occurrence=2026-12-07T23:30:00Z"),
        .delete("/api/v1/bathroom/events/{id}", .owned, "/api/v1/bathroom/events/{bathroom}"),
        .delete("/api/v1/bathroom/diary/shares/{id}", .owned, "/api/v1/bathroom/diary/shares/{diaryShare2ID}"),
        // Each person removes their own mark of the day (the other caller marked one too, above).
        .delete("/api/v1/bathroom/diary/marks/{day}/{kind}", .signedIn, "/api/v1/bathroom/diary/marks/2026-11-21/bed"),
        .delete("/api/v1/journal/{date}", .owned, "/api/v1/journal/2026-11-20"),
        .delete("/api/v1/moments/{id}", .owned, "/api/v1/moments/{moment}"),
        .delete("/api/v1/reminders/{id}", .owned, "/api/v1/reminders/{reminder}"),
        .delete("/api/v1/water/entries/{id}", .owned, "/api/v1/water/entries/{water}"),
        .delete("/api/v1/trackers/{id}", .owned, "/api/v1/trackers/{tracker}"),
        .post("/bathroom/events/{id}/delete", .owned, "/bathroom/events/{bathroom2}/delete"),
        // Undo of the delete just above: the event comes back (only for its owner).
        .post("/bathroom/events/{id}/restore", .owned, "/bathroom/events/{bathroom2}/restore"),
        .post("/dates/events/{id}/delete", .owned, "/dates/events/{event}/delete"),
        .post("/dates/reminders/{id}/delete", .owned, "/dates/reminders/{reminder2}/delete"),
        .post("/dates/trackers/{id}/delete", .owned, "/dates/trackers/{tracker2}/delete"),
        .post("/journal/{day}/delete", .owned, "/journal/2026-11-18/delete"),
        .post("/skills/moments/{id}/delete", .owned, "/skills/moments/{moment2}/delete"),
        .post("/water/entries/{id}/delete", .owned, "/water/entries/{water2}/delete"),
        .post("/water/entries/{id}/restore", .owned, "/water/entries/{water2}/restore"),
        .post("/skills/{id}/rule/delete", .owned, "/skills/{skill2}/rule/delete"),
        .post("/skills/{id}/delete", .owned, "/skills/{skill2}/delete"),
        .delete("/api/v1/skills/{id}/rule", .owned, "/api/v1/skills/{skill}/rule"),
        .delete("/api/v1/skills/{id}", .owned, "/api/v1/skills/{skill}"),
        .delete("/api/v1/events/{id}", .owned, "/api/v1/events/{event2}"),
    ]

    static let endings: [RouteCase] = [
        .post("/account/delete", .signedIn, nil, .form(["password": "another long secret", "confirm": "on"])),
        .post("/logout", .open),
    ]
}
