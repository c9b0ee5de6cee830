import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyServer
import TallyServices
import Testing

/// Signing in and out, cookies, anti-forgery tokens, the throttle and tokens, through the real app.
@Suite struct AccountsWebTests {
    @Test func firstRunMakesTheAdministratorWhoOwnsTheEarlierData() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.scope.bathroom.log(note: "before accounts")
        try await fixture.testSignedOut { client in
            #expect(try await client.execute(uri: "/", method: .get).headers[.location] == "/setup")
            let (cookie, token) = try await visitorToken(client, "/setup")
            let made = try await client.execute(
                uri: "/setup", method: .post, headers: formHeaders(cookie: cookie),
                body: ByteBuffer(string: "_csrf=\(token)&name=Ana&password=a+long+enough+secret"))
            #expect(made.status == .seeOther)
            let session = try #require(made.headers[values: .setCookie].first { $0.hasPrefix("tally_session=") })
            let page = try await client.execute(
                uri: "/bathroom/history", method: .get, headers: [.cookie: String(session.split(separator: ";")[0])])
            #expect(page.text.contains("before accounts"))
            let again = try await client.execute(uri: "/setup", method: .get)
            #expect(again.headers[.location] == "/login")
        }
        let ana = try await fixture.store.user(named: "ana")
        #expect(ana?.id == LocalUser.id && ana?.isAdmin == true)
    }

    @Test func formsWithoutTheSessionsTokenOrFromAnotherSiteAreRefused() async throws {
        let fixture = try ServerFixture()
        let owner = try await fixture.signIn(name: "owner")
        try await fixture.testSignedOut { client in
            let cookie: HTTPFields = [.cookie: "tally_session=\(owner.sessionSecret)"]
            let body = ByteBuffer(string: "note=forged")
            var headers = cookie
            headers[.contentType] = "application/x-www-form-urlencoded"
            let missing = try await client.execute(uri: "/bathroom/events", method: .post, headers: headers, body: body)
            #expect(missing.status == .forbidden)
            let wrong = try await client.execute(
                uri: "/bathroom/events", method: .post, headers: headers,
                body: ByteBuffer(string: "_csrf=\(SecretToken.make())&note=forged"))
            #expect(wrong.status == .forbidden)
            var crossSite = headers
            crossSite[HTTPField.Name("Sec-Fetch-Site")!] = "cross-site"
            let fromElsewhere = try await client.execute(
                uri: "/bathroom/events", method: .post, headers: crossSite,
                body: ByteBuffer(string: "_csrf=\(owner.csrfToken)&note=forged"))
            #expect(fromElsewhere.status == .forbidden)
            var foreignOrigin = headers
            foreignOrigin[.origin] = "https://evil.example"
            foreignOrigin[HTTPField.Name("Host")!] = "tally.local"
            let otherOrigin = try await client.execute(
                uri: "/bathroom/events", method: .post, headers: foreignOrigin,
                body: ByteBuffer(string: "_csrf=\(owner.csrfToken)&note=forged"))
            #expect(otherOrigin.status == .forbidden)
            #expect(
                try await fixture.scope.bathroom.events(from: .init("2026-11-22")!, to: .init("2026-11-22")!).isEmpty)
            let genuine = try await client.execute(
                uri: "/bathroom/events", method: .post, headers: headers,
                body: ByteBuffer(string: "_csrf=\(owner.csrfToken)&note=mine"))
            #expect(genuine.status == .seeOther)
            // The same anti-forgery token is put into every form a page renders.
            let page = try await client.execute(uri: "/water", method: .get, headers: cookie)
            let forms = page.text.components(separatedBy: "method=\"post\"").count - 1
            #expect(forms > 0)
            #expect(page.text.components(separatedBy: "name=\"_csrf\" value=\"\(owner.csrfToken)\"").count - 1 == forms)
        }
    }

    @Test func tenFailedLogInsHoldBackTheAccountAndSayWhenToRetry() async throws {
        let fixture = try ServerFixture()
        _ = try await fixture.signIn(name: "owner")
        try await fixture.testSignedOut { client in
            let (cookie, token) = try await visitorToken(client, "/login")
            func attempt(_ password: String) async throws -> TestResponse {
                try await client.execute(
                    uri: "/login", method: .post, headers: formHeaders(cookie: cookie),
                    body: ByteBuffer(string: "_csrf=\(token)&name=owner&password=\(password)"))
            }
            for _ in 0..<10 { #expect(try await attempt("wrong+guess").status == .unauthorized) }
            let held = try await attempt("a+long+enough+secret")
            #expect(held.status == .tooManyRequests)
            #expect(held.headers[.retryAfter] == "900")
            #expect(held.text.contains("try again in 15 minutes"))
            let api = try await client.execute(
                uri: "/api/v1/auth/tokens", method: .post, headers: [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"user":"owner","password":"a long enough secret","name":"phone"}"#))
            #expect(api.status == .tooManyRequests)
        }
    }

    @Test func theThrottleLiftsAfterTheWindowAndCountsPerAddress() async throws {
        let clock = MutableClock(ServerFixture.now)
        let fixture = try ServerFixture()
        let accounts = AccountService(store: fixture.store, clock: clock, hasher: ServerFixture.hasher)
        _ = try await accounts.createUser(name: "ana", password: "a long enough secret", isAdmin: true)
        _ = try await accounts.createUser(name: "ben", password: "a long enough secret", isAdmin: false)
        for _ in 0..<10 {
            await #expect(throws: TallyError.unauthorized("wrong user name or password")) {
                try await accounts.logIn(name: "ana", password: "guess", address: "10.0.0.9")
            }
            clock.advance(by: 30)
        }
        // The address is held back too, whichever account it tries next.
        await #expect(throws: TallyError.tooManyAttempts(retryAfterSeconds: 600)) {
            try await accounts.logIn(name: "ben", password: "a long enough secret", address: "10.0.0.9")
        }
        #expect(
            try await accounts.logIn(name: "ben", password: "a long enough secret", address: "10.0.0.7").name == "ben")
        clock.advance(by: 601)
        #expect(
            try await accounts.logIn(name: "ana", password: "a long enough secret", address: "10.0.0.9").name == "ana")
    }

    /// Forty wrong passwords sent at once: each is counted before bcrypt runs, so only the limit's ten are
    /// checked (all forty were, when failures were recorded after the check).
    @Test func guessesSentAtOnceAreCountedBeforeTheyAreChecked() async throws {
        let fixture = try ServerFixture()
        let accounts = AccountService(store: fixture.store, clock: fixture.scope.clock, hasher: ServerFixture.hasher)
        _ = try await accounts.createUser(name: "ana", password: "a long enough secret", isAdmin: true)
        let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
            for index in 0..<40 {
                group.addTask {
                    do {
                        _ = try await accounts.logIn(
                            name: "ana", password: "guess \(index)", address: "10.0.1.\(index)")
                        return "signed in"
                    } catch TallyError.unauthorized(_) {
                        return "checked"
                    } catch TallyError.tooManyAttempts(_) {
                        return "held back"
                    }
                }
            }
            return try await group.reduce(into: [String: Int]()) { $0[$1, default: 0] += 1 }
        }
        #expect(outcomes == ["checked": 10, "held back": 30])
    }

    @Test func passwordsAreStoredAsBcryptAtCostTwelve() async throws {
        let fixture = try ServerFixture()
        let accounts = AccountService(store: fixture.store, clock: fixture.scope.clock)
        let user = try await accounts.createUser(name: "ana", password: "a long enough secret", isAdmin: false)
        let stored = try #require(try await fixture.store.user(named: "ana"))
        #expect(stored.passwordHash.hasPrefix("$2b$12$"))
        #expect(stored.passwordHash.count == 60)
        #expect(!stored.passwordHash.contains("a long enough secret"))
        #expect(try await accounts.logIn(name: "ana", password: "a long enough secret", address: nil) == user)
    }

    @Test func aSessionSurvivesARestartAndSignOutEndsIt() async throws {
        let fixture = try ServerFixture()
        let owner = try await fixture.signIn(name: "owner")
        let first = try await buildApplication(configuration: ServerConfiguration(), environment: fixture.environment)
        try await first.test(.router) { client in
            let page = try await client.execute(uri: "/water", method: .get, headers: owner.cookieHeaders)
            #expect(page.status == .ok)
        }
        // A new store and application over the same database file: the cookie still signs in.
        let reopened = try ServerFixture(directory: fixture.directory)
        try await reopened.testSignedOut { client in
            #expect(try await client.execute(uri: "/water", method: .get, headers: owner.cookieHeaders).status == .ok)
            let out = try await client.execute(uri: "/logout", method: .post, headers: owner.cookieHeaders)
            #expect(
                out.headers[values: .setCookie].contains { $0.hasPrefix("tally_session=;") && $0.contains("Max-Age=0") }
            )
            let after = try await client.execute(uri: "/water", method: .get, headers: owner.cookieHeaders)
            #expect(after.status == .seeOther && after.headers[.location] == "/login?next=%2Fwater")
        }
    }

    @Test func cookiesAreHttpOnlyLaxAndSecureOverHTTPS() async throws {
        for (publicURL, secure) in [(nil, false), (URL(string: "https://tally.example"), true)] {
            let fixture = try ServerFixture()
            _ = try await fixture.signIn(name: "owner")
            let app = try await buildApplication(
                configuration: ServerConfiguration(publicURL: publicURL), environment: fixture.environment)
            try await app.test(.router) { client in
                let (cookie, token) = try await visitorToken(client, "/login")
                for remember in [true, false] {
                    let answer = try await client.execute(
                        uri: "/login", method: .post, headers: formHeaders(cookie: cookie),
                        body: ByteBuffer(
                            string: "_csrf=\(token)&name=owner&password=a+long+enough+secret"
                                + (remember ? "&remember=on" : "")))
                    let set = try #require(answer.headers[values: .setCookie].first { $0.hasPrefix("tally_session=") })
                    #expect(set.contains("HttpOnly") && set.contains("SameSite=Lax") && set.contains("Path=/"))
                    #expect(set.contains("Secure") == secure)
                    #expect(set.contains("Max-Age=2592000") == remember)
                }
            }
        }
    }

    @Test func aRevokedTokenStopsWorkingAtOnce() async throws {
        let fixture = try ServerFixture()
        let owner = try await fixture.signIn(name: "owner")
        try await fixture.testSignedOut { client in
            let made = try await client.execute(
                uri: "/api/v1/tokens", method: .post,
                headers: owner.bearerHeaders + [.contentType: "application/json"],
                body: ByteBuffer(string: #"{"name":"phone"}"#))
            #expect(made.status == .created)
            let token = try #require(try made.decoded()["token"] as? String)
            let phone: HTTPFields = [.authorization: "Bearer \(token)"]
            #expect(try await client.execute(uri: "/api/v1/today", method: .get, headers: phone).status == .ok)
            let listed = try await client.execute(uri: "/api/v1/tokens", method: .get, headers: owner.bearerHeaders)
            #expect(listed.text.contains("\"lastUsedAt\""))
            #expect(!listed.text.contains(token))
            let revoked = try await client.execute(
                uri: "/api/v1/tokens/phone", method: .delete, headers: owner.bearerHeaders)
            #expect(revoked.status == .noContent)
            let after = try await client.execute(uri: "/api/v1/today", method: .get, headers: phone)
            #expect(after.status == .unauthorized)
            #expect(after.headers[.wwwAuthenticate] == "Bearer")
        }
    }

    @Test func signUpIsClosedUntilOpenedOrInvited() async throws {
        let fixture = try ServerFixture()
        let owner = try await fixture.signIn(name: "owner")
        let accounts = fixture.environment.accounts
        await #expect(throws: TallyError.self) {
            try await accounts.signUp(name: "ben", password: "a long enough secret", invite: nil)
        }
        let code = try await accounts.createInvite(by: owner.user)
        #expect(try await accounts.signUp(name: "ben", password: "a long enough secret", invite: code).name == "ben")
        await #expect(throws: TallyError.forbidden("this invite link is used or has expired; ask for a new one")) {
            try await accounts.signUp(name: "cy", password: "a long enough secret", invite: code)
        }
        try await accounts.setSignUpOpen(true, by: owner.user)
        #expect(try await accounts.signUp(name: "cy", password: "a long enough secret", invite: nil).isAdmin == false)
    }

    /// A visitor's anti-forgery cookie and token, as the page `path` hands them out.
    private func visitorToken(_ client: any TestClientProtocol, _ path: String) async throws -> (String, String) {
        let page = try await client.execute(uri: path, method: .get)
        let set = try #require(page.headers[values: .setCookie].first { $0.hasPrefix("tally_csrf=") })
        let cookie = String(set.split(separator: ";")[0])
        return (cookie, String(cookie.dropFirst("tally_csrf=".count)))
    }

    private func formHeaders(cookie: String) -> HTTPFields {
        [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"]
    }
}
