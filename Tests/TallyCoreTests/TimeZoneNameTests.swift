import Foundation
import Testing

@testable import TallyCore

/// A zone is one the time-zone database knows by that exact name: a NUL or a line break after a real
/// name (which C stops at) does not make it one.
@Suite struct TimeZoneNameTests {
    @Test func namesWithControlCharactersAreNotZones() {
        for name in [
            "UTC\u{0}", "Europe/Berlin\u{0}x", "UTC\n", " UTC", "Europe/Berlin/", "", String(repeating: "A", count: 65),
        ] {
            #expect(TimeZone.supported(name) == nil, "\(name.debugDescription)")
        }
        for name in ["UTC", "Europe/Berlin", "America/Argentina/Buenos_Aires", "Etc/GMT+5", "America/Port-au-Prince"] {
            #expect(TimeZone.supported(name) != nil, "\(name)")
        }
        var settings = UserSettings.defaults
        #expect(throws: TallyError.self) { try settings.apply(.timeZone, "UTC\u{0}") }
        #expect(settings.timeZoneID == nil)
    }
}
