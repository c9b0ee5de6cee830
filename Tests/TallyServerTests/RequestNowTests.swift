import Foundation
import TallyCore
import TallyServices
import Testing

/// A request reads the person's settings and the clock once however many services ask: a change made
/// behind the request's back is not seen, a change the request makes is, and a reading older than a
/// second on the clock (a live stream) is read again.
@Suite struct RequestNowTests {
    @Test func settingsAreReadOnceARequestUntilTheRequestChangesThem() async throws {
        let fixture = try ServerFixture()
        defer { try? FileManager.default.removeItem(at: fixture.directory) }
        let clock = MutableClock(ServerFixture.now)
        let scope = UserScope(
            store: fixture.store, clock: clock, machineZone: fixture.scope.machineZone, reading: RequestNow())
        let elsewhere = fixture.scope
        #expect(try await scope.now().settings.water.unit == .ml)
        // Another request (another scope, without this one's reading) changes the unit: this one keeps its
        // reading.
        _ = try await elsewhere.settings.update([.waterUnit: "oz"])
        #expect(try await scope.now().settings.water.unit == .ml)
        // A change of settings in this request reads them again.
        _ = try await scope.settings.update([.waterUnit: "oz"])
        #expect(try await scope.now().settings.water.unit == .oz)
        _ = try await elsewhere.settings.update([.waterUnit: "ml"])
        #expect(try await scope.now().settings.water.unit == .oz)
        #expect(try await scope.now().instant == ServerFixture.now)
        // A second later on the clock, it is read again.
        clock.advance(by: 1)
        let later = try await scope.now()
        #expect(later.settings.water.unit == .ml && later.instant == ServerFixture.now.addingTimeInterval(1))
        // Without a request's reading, every call reads.
        #expect(try await elsewhere.now().settings.water.unit == .ml)
    }
}
