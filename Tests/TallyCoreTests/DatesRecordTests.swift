import Foundation
import Testing

@testable import TallyCore

/// Palettes, tracker and journal validation, images by content, and an event's next occurrences.
@Suite struct DatesRecordTests {
    @Test func palettesAreDeterministicAndDependOnTheSeed() {
        let base = ColorTheme.blue.seedColor
        let first = GradientPalette.colors(base: base, seed: 42)
        #expect(first == GradientPalette.colors(base: base, seed: 42))
        #expect(first.count == 4)
        #expect(first != GradientPalette.colors(base: base, seed: 43))
        // Pinned: the same seed gives these colours on every machine, in every run.
        #expect(first == ["#2680FA", "#5237F4", "#3DCEF5", "#FAB189"])
        #expect(GradientPalette.seed(for: "Wedding") == GradientPalette.seed(for: "Wedding"))
        #expect(GradientPalette.seed(for: "Wedding") != GradientPalette.seed(for: "Holiday"))
    }

    @Test func hslRoundTrips() {
        for hex in ["#4D99FF", "#9966E6", "#000000", "#FFFFFF", "#808080", "#E5484D"] {
            let color = RGBColor(hex: hex)!
            let (h, s, l) = color.hsl
            #expect(RGBColor(hue: h, saturation: s, lightness: l).hex == hex)
        }
    }

    @Test func trackerFieldsAreChecked() throws {
        let now = Fixture.instant("2026-11-22T10:00:00-05:00")
        var fields = DateTrackerFields(
            title: "  Wedding  ", targetDate: now, timeZoneID: "America/New_York", type: .till)
        let checked = try fields.validated()
        #expect(checked.title == "Wedding")
        // An all-day target is local midnight of its date.
        #expect(checked.targetDate == Fixture.instant("2026-11-22T00:00:00-05:00"))
        #expect(
            checked.gradientConfig == GradientPalette.config(theme: .blue, seed: GradientPalette.seed(for: "Wedding")))
        fields.title = String(repeating: "x", count: 201)
        #expect(throws: TallyError.invalid(field: "title", reason: "is 201 characters long; the limit is 200")) {
            try fields.validated()
        }
        fields.title = "   "
        #expect(throws: TallyError.invalid(field: "title", reason: "is empty")) { try fields.validated() }
        fields.title = "Ok"
        fields.imageUrl = "https://example.com/cat.jpg"
        #expect(throws: TallyError.self) { try fields.validated() }
        fields.imageUrl = nil
        fields.gradientConfig = GradientConfig(colors: ["#12345"])
        #expect(throws: TallyError.self) { try fields.validated() }
    }

    @Test func aTillTrackerArrivesOnItsDate() throws {
        let fields = try DateTrackerFields(
            title: "Trip", targetDate: Fixture.instant("2026-12-01T00:00:00-05:00"), timeZoneID: "America/New_York",
            type: .till
        ).validated()
        let tracker = DateTracker(
            meta: RecordMeta(
                id: UUID(), ownerID: LocalUser.id, createdAt: .now, modifiedAt: .now, deviceID: UUID(), stamp: .zero),
            fields: fields)
        #expect(!tracker.hasArrived(now: Fixture.instant("2026-11-30T23:59:00-05:00")))
        #expect(tracker.hasArrived(now: Fixture.instant("2026-12-01T00:00:00-05:00")))
        #expect(
            RelativeTimeFormatter.string(tracker.breakdown(now: Fixture.instant("2026-12-01T15:00:00-05:00")))
                == "today")
    }

    @Test func journalFieldsAreChecked() throws {
        #expect(throws: TallyError.invalid(field: "moodRating", reason: "0 is not a mood from 1 to 5")) {
            try JournalEntryFields(notes: "x", moodRating: 0).validated()
        }
        #expect(throws: TallyError.invalid(field: "moodRating", reason: "6 is not a mood from 1 to 5")) {
            try JournalEntryFields(moodRating: 6).validated()
        }
        #expect(throws: TallyError.self) { try JournalEntryFields(notes: "  ").validated() }
        #expect(try JournalEntryFields(notes: " A good day ", moodRating: 4).validated().notes == "A good day")
    }

    @Test func imagesAreRecognisedByContentNotName() throws {
        #expect(try ImageKind.detect([0xFF, 0xD8, 0xFF, 0xE0, 0, 0x10]) == .jpeg)
        #expect(try ImageKind.detect([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0, 0]) == .png)
        #expect(try ImageKind.detect(Array("RIFF\u{0}\u{0}\u{0}\u{0}WEBPVP8 ".utf8)) == .webp)
        #expect(throws: TallyError.invalid(field: "image", reason: "the file is not a JPEG, PNG or WebP image")) {
            try ImageKind.detect(Array("just some text, named cat.jpg".utf8))
        }
        #expect(throws: TallyError.invalid(field: "image", reason: "the file is empty")) {
            try ImageKind.detect([UInt8]())
        }
        let huge = [UInt8](repeating: 0xFF, count: 20 * 1024 * 1024)
        #expect(throws: TallyError.invalid(field: "image", reason: "the file is 20 MB; the limit is 10 MB")) {
            try ImageKind.detect(huge)
        }
        #expect(ImageReference.isValidName(String(repeating: "a", count: 64) + ".jpg"))
        #expect(!ImageReference.isValidName("../../etc/passwd.jpg"))
        #expect(!ImageReference.isValidName(String(repeating: "A", count: 64) + ".jpg"))
    }

    @Test func journalMonthStartsOnMonday() {
        // November 2026 starts on a Sunday: six blanks, then the 1st.
        let month = JournalMonth(year: 2026, month: 11, entries: [], today: Fixture.day("2026-11-22"))
        #expect(month.weeks.first?.prefix(6).allSatisfy { $0 == nil } == true)
        #expect(month.weeks.first?[6]?.day == Fixture.day("2026-11-01"))
        #expect(month.weeks.flatMap { $0 }.compactMap { $0 }.count == 30)
        let year = JournalYear(year: 2028, entries: [], today: Fixture.day("2026-11-22"))
        #expect(year.months.map(\.days.count).reduce(0, +) == 366)
    }
}
