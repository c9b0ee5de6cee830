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

    @Test func theThrottleHoldsBackAfterTenFailuresInFifteenMinutes() throws {
        let throttle = LoginThrottle()
        let start = Date(timeIntervalSince1970: 1_800_000_000)
        let failures = (0..<10).map { start.addingTimeInterval(Double($0) * 60) }
        let now = start.addingTimeInterval(9 * 60 + 1)
        #expect(throttle.retryAt(failures: Array(failures.prefix(9)), now: now) == nil)
        #expect(throttle.retryAt(failures: failures, now: now) == start.addingTimeInterval(15 * 60))
        #expect(throws: TallyError.tooManyAttempts(retryAfterSeconds: 359)) {
            try throttle.check(failures: failures, now: now)
        }
        #expect(throttle.retryAt(failures: failures, now: start.addingTimeInterval(15 * 60)) == nil)
        #expect(
            TallyError.tooManyAttempts(retryAfterSeconds: 359).description
                == "too many failed log-ins: try again in 6 minutes")
    }

    @Test func tokenNamesRefuseControlCharacters() throws {
        #expect(try AccessToken.parseName(" laptop ") == "laptop")
        #expect(throws: TallyError.self) { try AccessToken.parseName("") }
        #expect(throws: TallyError.self) { try AccessToken.parseName("a\u{0}b") }
    }
}
