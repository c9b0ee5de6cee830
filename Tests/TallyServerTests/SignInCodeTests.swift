import Foundation
import Hummingbird
import HummingbirdTesting
import TallyCore
import TallyNotify
import TallyServices
import TallyStorage
import TallyTestSupport
import Testing

/// A flood of guesses for a name holds back new devices (``LoginThrottle``) but never locks its owner out:
/// they are told on their own channels, once a window, and a sign-in code sent there lets a new device in.
@Suite struct SignInCodeTests {
    let password = "a long enough secret"

    /// Ana's account (the fixture's first, so she owns its scope) with an ntfy channel at `receiver`, and an
    /// account service that tells people through the real notifier on `clock`.
    func setUp(
        _ fixture: ServerFixture, _ receiver: LoopbackReceiver, clock: MutableClock
    ) async throws -> (AccountService, UserAccount) {
        let notifier = Notifier(
            store: fixture.store, senders: Notifier.senders(http: ServerFixture.http, clock: clock), clock: clock)
        let accounts = AccountService(store: fixture.store, clock: clock, hasher: ServerFixture.hasher)
            .telling(notifier)
        let ana = try await accounts.createUser(name: "ana", password: password, isAdmin: true)
        let service = NotificationService(scope: fixture.scope, store: fixture.store)
        _ = try await notifier.addChannel(ChannelDraft(kind: .ntfy, url: receiver.url + "/ana"), for: service)
        return (accounts, ana)
    }

    /// The eight digits in the newest code's title, once `receiver` has had `count` notifications (a code is
    /// sent after the answer, beside the notice of guesses).
    func code(in receiver: LoopbackReceiver, count: Int) async throws -> String {
        let titles = try await receiver.requests(atLeast: count).compactMap { $0.header("Title") }
        let title = try #require(titles.last { $0.hasPrefix("Your Tally sign-in code") })
        return String(title.filter(\.isNumber))
    }

    func flood(_ accounts: AccountService, times: Int = 25) async {
        for index in 0..<times {
            _ = try? await accounts.logIn(name: "ana", password: "guess \(index)", address: "10.0.\(index).1")
        }
    }

    @Test func theOwnerIsToldOnceAndACodeLetsANewDeviceIn() async throws {
        let receiver = try await LoopbackReceiver()
        defer { receiver.stop() }
        let clock = MutableClock(ServerFixture.now)
        let fixture = try ServerFixture()
        let (accounts, _) = try await setUp(fixture, receiver, clock: clock)
        await flood(accounts)
        #expect(receiver.requests.isEmpty, "25 guesses are allowed; the 26th is held back")
        for _ in 0..<5 {
            await #expect(throws: TallyError.tooManyAttempts(retryAfterSeconds: 900)) {
                try await accounts.logIn(name: "ana", password: password, address: "192.0.2.8")
            }
        }
        // The owner is told after the refusal is answered.
        let told = try await receiver.requests(atLeast: 1)
        #expect(told.first?.header("Title") == "Someone is guessing your Tally password")
        #expect(told.first?.header("Tags") == "lock")

        #expect(try await accounts.sendSignInCode(name: "Ana").value == 1)
        #expect(receiver.requests.count == 2, "told once a window, however many attempts are held back")
        let code = try await code(in: receiver, count: 2)
        #expect(code.count == 8)
        // A wrong code, or the right code with a wrong password, is refused alike.
        let wrong = String(code.reversed()) == code ? "12345678" : String(code.reversed())
        await #expect(throws: TallyError.unauthorized("wrong user name, password or sign-in code")) {
            try await accounts.logIn(name: "ana", password: password, address: "192.0.2.8", code: wrong)
        }
        await #expect(throws: TallyError.unauthorized("wrong user name, password or sign-in code")) {
            try await accounts.logIn(name: "ana", password: "guess", address: "192.0.2.8", code: code)
        }
        await #expect(
            throws: TallyError.invalid(field: "sign-in code", reason: "is the 8 digits sent to you, like 1234 5678")
        ) {
            try await accounts.logIn(name: "ana", password: password, address: "192.0.2.8", code: "12")
        }
        // The right one, typed as it is shown, gets the new device in while the name is still held back.
        let shown = "\(code.prefix(4)) \(code.dropFirst(4))"
        clock.advance(by: 9 * 60)
        #expect(
            try await accounts.logIn(name: "ana", password: password, address: "192.0.2.8", code: shown).name == "ana")
        await #expect(throws: TallyError.tooManyAttempts(retryAfterSeconds: 360)) {
            try await accounts.logIn(name: "ana", password: password, address: "192.0.2.9")
        }
    }

    @Test func aCodeEndsWithItsWindowAndWithANewPassword() async throws {
        let receiver = try await LoopbackReceiver()
        defer { receiver.stop() }
        let clock = MutableClock(ServerFixture.now)
        let fixture = try ServerFixture()
        let (accounts, ana) = try await setUp(fixture, receiver, clock: clock)
        _ = try await accounts.sendSignInCode(name: "ana").value
        let first = try await code(in: receiver, count: 1)
        clock.advance(by: 21 * 60)
        await #expect(throws: TallyError.unauthorized("wrong user name, password or sign-in code")) {
            try await accounts.logIn(name: "ana", password: password, address: "192.0.2.8", code: first)
        }
        _ = try await accounts.sendSignInCode(name: "ana").value
        let second = try await code(in: receiver, count: 2)
        try await accounts.changePassword(user: ana, current: password, new: "another long enough secret")
        await #expect(throws: TallyError.unauthorized("wrong user name, password or sign-in code")) {
            try await accounts.logIn(
                name: "ana", password: "another long enough secret", address: "192.0.2.8", code: second)
        }
    }

    /// A channel that hangs holds neither the code's answer nor a held-back sign-in's: were they to wait for
    /// it, how long they take would tell a stranger that the name exists. The channel holds every request
    /// until the end, and the client would wait 10 minutes for it, so an answer that waited for the
    /// delivery would not come within the time limit.
    @Test(.timeLimit(.minutes(5))) func aHangingChannelHoldsNoAnswer() async throws {
        let receiver = try await LoopbackReceiver()
        defer { receiver.stop() }
        receiver.hold()
        let clock = MutableClock(ServerFixture.now)
        let fixture = try ServerFixture()
        let http = OutgoingHTTP(timeout: .seconds(600))
        let notifier = Notifier(store: fixture.store, senders: Notifier.senders(http: http, clock: clock), clock: clock)
        let (accounts, _) = try await setUp(fixture, receiver, clock: clock)
        let telling = accounts.telling(notifier)
        let delivery = try await telling.sendSignInCode(name: "ana")
        #expect(try await receiver.requests(atLeast: 1).count == 1, "the code is on its way, held by the channel")
        await flood(telling)
        await #expect(throws: TallyError.tooManyAttempts(retryAfterSeconds: 900)) {
            try await telling.logIn(name: "ana", password: password, address: "192.0.2.8")
        }
        #expect(try await receiver.requests(atLeast: 2).count == 2, "the owner is told, held by the channel too")
        receiver.release()
        #expect(await delivery.value == 1, "the code reached the channel once it answered")
        await http.shutdown()
    }

    /// Three codes a window per name; a name that does not exist answers the same and sends nothing.
    @Test func codesAreFewAndSayNothingAboutTheName() async throws {
        let receiver = try await LoopbackReceiver()
        defer { receiver.stop() }
        let clock = MutableClock(ServerFixture.now)
        let fixture = try ServerFixture()
        let (accounts, _) = try await setUp(fixture, receiver, clock: clock)
        for _ in 0..<3 { #expect(try await accounts.sendSignInCode(name: "ana").value == 1) }
        await #expect(throws: TallyError.tooManyAttempts(retryAfterSeconds: 900)) {
            try await accounts.sendSignInCode(name: "ana")
        }
        #expect(try await accounts.sendSignInCode(name: "nobody").value == 0)
        #expect(receiver.requests.count == 3)
        // Ten attempts with codes, right or wrong, hold back codes for the name.
        for _ in 0..<10 {
            _ = try? await accounts.logIn(name: "ana", password: "guess", address: "10.1.1.1", code: "00000000")
        }
        let code = try await code(in: receiver, count: 3)
        await #expect(throws: TallyError.tooManyAttempts(retryAfterSeconds: 900)) {
            try await accounts.logIn(name: "ana", password: password, address: "192.0.2.8", code: code)
        }
    }

    /// The pages and the API: a held-back sign-in offers the code, the code form sends it, and the log-in
    /// form and `POST /auth/tokens` take it.
    @Test func thePagesAndTheAPIOfferAndTakeTheCode() async throws {
        let receiver = try await LoopbackReceiver()
        defer { receiver.stop() }
        let fixture = try ServerFixture()
        let service = NotificationService(scope: fixture.scope, store: fixture.store)
        _ = try await fixture.environment.accounts.createUser(name: "ana", password: password, isAdmin: true)
        _ = try await service.addChannel(ChannelDraft(kind: .ntfy, url: receiver.url + "/ana"))
        await flood(fixture.environment.accounts)
        try await fixture.testSignedOut { client in
            let page = try await client.execute(uri: "/login", method: .get)
            let cookie = try #require(page.headers[.setCookie]?.split(separator: ";").first.map(String.init))
            let token = try #require(
                String(buffer: page.body).firstMatch(of: /name="_csrf" value="([^"]+)"/).map { String($0.1) })
            let headers: HTTPFields = [.cookie: cookie, .contentType: "application/x-www-form-urlencoded"]
            let held = try await client.execute(
                uri: "/login", method: .post, headers: headers,
                body: ByteBuffer(string: "_csrf=\(token)&name=ana&password=a+long+enough+secret"))
            #expect(held.status == .tooManyRequests)
            #expect(String(buffer: held.body).contains("Send a sign-in code to my notification channels"))
            let sent = try await client.execute(
                uri: "/login/code", method: .post, headers: headers, body: ByteBuffer(string: "_csrf=\(token)&name=ana")
            )
            #expect(sent.status == .ok)
            #expect(String(buffer: sent.body).contains("a sign-in code is on its way"))
            #expect(String(buffer: sent.body).contains("name=\"code\""))
            let code = try await self.code(in: receiver, count: 2)
            let signedIn = try await client.execute(
                uri: "/login", method: .post, headers: headers,
                body: ByteBuffer(string: "_csrf=\(token)&name=ana&password=a+long+enough+secret&code=\(code)"))
            #expect(signedIn.status == .seeOther || signedIn.status == .found, "\(signedIn.status)")

            let json: HTTPFields = [.contentType: "application/json"]
            let asked = try await client.execute(
                uri: "/api/v1/auth/sign-in-code", method: .post, headers: json,
                body: ByteBuffer(string: #"{"user":"ana"}"#))
            #expect(asked.status == .accepted)
            let apiCode = try await self.code(in: receiver, count: 3)
            let refused = try await client.execute(
                uri: "/api/v1/auth/tokens", method: .post, headers: json,
                body: ByteBuffer(string: #"{"user":"ana","password":"a long enough secret","name":"phone"}"#))
            #expect(refused.status == .tooManyRequests)
            let issued = try await client.execute(
                uri: "/api/v1/auth/tokens", method: .post, headers: json,
                body: ByteBuffer(
                    string: #"{"user":"ana","password":"a long enough secret","name":"phone","code":"\#(apiCode)"}"#))
            #expect(issued.status == .created)
        }
    }
}
