import Foundation
import Testing

@testable import TallyCore

@Suite struct AccountRulesTests {
    @Test func userNamesAreTrimmedLowercasedAndLimited() throws {
        #expect(try UserName.parse("  Ana.B ") == "ana.b")
        #expect(throws: TallyError.invalid(field: "name", reason: "use at least 2 characters")) {
            try UserName.parse("a")
        }
        #expect(throws: TallyError.self) { try UserName.parse("-ana") }
        #expect(throws: TallyError.self) { try UserName.parse("ana b") }
        #expect(throws: TallyError.self) { try UserName.parse("<script>") }
        #expect(throws: TallyError.self) { try UserName.parse(String(repeating: "a", count: 33)) }
    }

    @Test func passwordsNeedEightCharactersAndNotACommonOne() throws {
        try PasswordPolicy.check("plum tree 42", userName: "ana")
        #expect(throws: TallyError.invalid(field: "password", reason: "use at least 8 characters")) {
            try PasswordPolicy.check("short", userName: "ana")
        }
        for common in ["password", "Password1", "12345678", "qwertyuiop", "iloveyou"] {
            #expect(throws: TallyError.self, "\(common)") { try PasswordPolicy.check(common, userName: "ana") }
        }
        #expect(throws: TallyError.self) { try PasswordPolicy.check("anabanana", userName: "AnaBanana") }
        #expect(throws: TallyError.self) {
            try PasswordPolicy.check(String(repeating: "é", count: 40), userName: "ana")
        }
    }

    @Test func theThrottleHoldsBackAKeyOnceItsLimitIsReachedWithinFifteenMinutes() throws {
        let throttle = LoginThrottle()
        let key = LoginThrottle.Key("user:ana|address:10.0.0.9", limit: 10)
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let failures = (0..<10).map { start.addingTimeInterval(Double($0) * 60) }
        let now = start.addingTimeInterval(9 * 60 + 1)
        #expect(throttle.retryAt(failures: Array(failures.prefix(9)), key: key, now: now) == nil)
        #expect(throttle.retryAt(failures: failures, key: key, now: now) == start.addingTimeInterval(15 * 60))
        #expect(throttle.refusal(failures: failures, key: key, now: now) == .tooManyAttempts(retryAfterSeconds: 359))
        #expect(throttle.retryAt(failures: failures, key: key, now: start.addingTimeInterval(15 * 60)) == nil)
        #expect(
            TallyError.tooManyAttempts(retryAfterSeconds: 359).description
                == "too many failed log-ins: try again in 6 minutes")
    }

    @Test func aKnownDeviceIsCountedAloneAndANewOneByNameAddressAndBoth() {
        let throttle = LoginThrottle()
        #expect(throttle.keys(name: " Ana ", address: "10.0.0.9", device: "d1") == [.init("device:d1", limit: 10)])
        #expect(
            throttle.keys(name: " Ana ", address: "10.0.0.9", device: nil) == [
                .init("user:ana|address:10.0.0.9", limit: 10), .init("user:ana", limit: 25),
                .init("address:10.0.0.9", limit: 100),
            ])
        #expect(throttle.keys(name: "ana", address: nil, device: nil).first?.text == "user:ana|address:unknown")
    }

    @Test func tokenNamesRefuseControlCharacters() throws {
        #expect(try AccessToken.parseName(" laptop ") == "laptop")
        #expect(throws: TallyError.self) { try AccessToken.parseName("") }
        #expect(throws: TallyError.self) { try AccessToken.parseName("a\u{0}b") }
    }
}
