import Foundation
import TallyCore
import TallyServices

/// Random creates, edits and deletes of every kind of record, through the same services the CLI and the
/// web app use, so the records are the ones real use makes (a day's journal reuses its record, a skill
/// completion is one per day, settings are one record per key).
struct SimWorkload {
    let scope: UserScope
    let random: SimRandom

    /// Does one random change. A change that is refused (its record was deleted meanwhile) is fine.
    func step() async throws {
        do {
            try await change()
        } catch is TallyError {
            // Editing what another replica deleted, a category name taken: refused, nothing stored.
        }
    }

    private var everything: DateInterval { DateInterval(start: .distantPast, end: .distantFuture) }

    private func change() async throws {
        let now = try await scope.now()
        let day = now.today.adding(days: -random.int(0...2))
        switch random.int(0...22) {
        case 0, 1: _ = try await scope.bathroom.log(note: "note \(random.int(1...99))", volumeML: random.int(50...400))
        case 2:
            if let event = random.pick(try await scope.store.bathroomEvents(owner: scope.owner, in: everything)) {
                var fields = event.fields
                fields.urgency = random.int(1...5)
                _ = try await scope.bathroom.update(id: event.id, fields: fields)
            }
        case 3:
            if let event = random.pick(try await scope.store.bathroomEvents(owner: scope.owner, in: everything)) {
                try await scope.bathroom.delete(id: event.id)
            }
        case 4, 5: _ = try await scope.water.log(amountML: Double(random.int(1...20) * 50), source: .cli)
        case 6:
            if let entry = random.pick(try await scope.store.waterEntries(owner: scope.owner, in: everything)) {
                var fields = entry.fields
                fields.amountML = Double(random.int(1...20) * 50)
                _ = try await scope.water.update(id: entry.id, fields: fields)
            }
        case 7:
            if let entry = random.pick(try await scope.store.waterEntries(owner: scope.owner, in: everything)) {
                try await scope.water.delete(id: entry.id)
            }
        case 8: try await scope.water.setGoal(Double(random.int(20...60) * 50))
        case 9: try await changeSetting()
        case 10, 11: try await changeSkill(day: day)
        case 12:
            _ = try await scope.skills.addCategory(name: "Cat \(random.int(1...30))", colour: "#33AA55", icon: "leaf")
        case 13:
            if let skill = random.pick(try await scope.store.skills(owner: scope.owner)) {
                _ = try await scope.skills.complete(
                    id: skill.id, level: random.pick(CompletionLevel.allCases)!, day: day)
            }
        case 14:
            let habit = random.pick(Array(RoutineHabit.allCases))!
            _ = try await scope.routine.set(habit, level: random.pick(CompletionLevel.allCases)!, day: day)
        case 15:
            let skill = random.pick(try await scope.store.skills(owner: scope.owner))
            _ = try await scope.moments.add(
                title: "Moment \(random.int(1...99))", day: day, category: .milestone, skillID: skill?.id)
        case 16:
            if let moment = random.pick(try await scope.store.memorableMoments(owner: scope.owner)) {
                try await scope.moments.delete(id: moment.id)
            }
        case 17: try await changeTracker(now: now.instant)
        case 18: try await changeReminder(now: now.instant)
        case 19: try await changeEvent(now: now.instant)
        default: try await changeJournal(day: day)
        }
    }

    private func changeSetting() async throws {
        switch random.int(0...3) {
        case 0: try await scope.settings.update([.waterUnit: random.pick(["ml", "oz"])!])
        case 1: try await scope.settings.update([.waterStep: String(random.int(1...4) * 50)])
        case 2: try await scope.settings.update([.dayStart: random.pick(["00:00", "04:00"])!])
        default: try await scope.settings.update([.bedtime: random.pick(["22:00", "23:30"])!])
        }
    }

    private func changeSkill(day: LocalDay) async throws {
        let skills = try await scope.store.skills(owner: scope.owner)
        switch (random.int(0...4), random.pick(skills)) {
        case (0, _), (_, nil):
            _ = try await scope.skills.add(
                SkillDraft(name: "Skill \(random.int(1...99))", start: day.adding(days: -10)))
        case (1, let skill?): _ = try await scope.skills.setRollover(id: skill.id, random.chance(0.5))
        case (2, let skill?): _ = try await scope.skills.setArchived(id: skill.id, random.chance(0.5))
        case (3, let skill?): _ = try await scope.skills.markReviewed(id: skill.id)
        case (_, let skill?): try await scope.skills.delete(id: skill.id)
        }
    }

    private func changeTracker(now: Date) async throws {
        let fields = DateTrackerFields(
            title: "Tracker \(random.int(1...99))",
            targetDate: now.addingTimeInterval(Double(random.int(-90...90)) * 86_400),
            timeZoneID: "Europe/Berlin", type: random.chance(0.5) ? .since : .till)
        switch (random.int(0...2), random.pick(try await scope.store.dateTrackers(owner: scope.owner))) {
        case (1, let tracker?): _ = try await scope.trackers.update(id: tracker.id, fields: fields)
        case (2, let tracker?): try await scope.trackers.delete(id: tracker.id)
        default: _ = try await scope.trackers.create(fields)
        }
    }

    private func changeReminder(now: Date) async throws {
        let fields = ReminderFields(
            title: "Reminder \(random.int(1...99))", date: now.addingTimeInterval(Double(random.int(1...30)) * 86_400),
            timeZoneID: "Europe/Berlin")
        switch (random.int(0...3), random.pick(try await scope.store.reminders(owner: scope.owner))) {
        case (1, let reminder?): _ = try await scope.reminders.update(id: reminder.id, fields: fields)
        case (2, let reminder?): _ = try await scope.reminders.setDone(id: reminder.id, random.chance(0.5))
        case (3, let reminder?): try await scope.reminders.delete(id: reminder.id)
        default: _ = try await scope.reminders.create(fields)
        }
    }

    private func changeEvent(now: Date) async throws {
        let fields = CalendarEventFields(
            title: "Event \(random.int(1...99))", startDate: now, timeZoneID: "Europe/Berlin",
            recurrenceRule: random.pick(["FREQ=WEEKLY;BYDAY=MO", "FREQ=DAILY;COUNT=5", "FREQ=MONTHLY"])!)
        switch (random.int(0...2), random.pick(try await scope.store.calendarEvents(owner: scope.owner))) {
        case (1, let event?): _ = try await scope.events.update(id: event.id, fields: fields)
        case (2, let event?): try await scope.events.delete(id: event.id)
        default: _ = try await scope.events.create(fields)
        }
    }

    private func changeJournal(day: LocalDay) async throws {
        if random.chance(0.3), try await scope.journal.entry(on: day) != nil {
            try await scope.journal.delete(on: day)
        } else {
            _ = try await scope.journal.save(
                on: day, JournalEntryFields(notes: "Entry \(random.int(1...99))", moodRating: random.int(1...5)))
        }
    }
}
