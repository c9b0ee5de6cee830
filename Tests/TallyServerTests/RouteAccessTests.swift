import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import TallyCore
import TallyServices
import Testing

@testable import TallyServer

/// Sends every route with no credentials, with another user's session and token, and with the owner's,
/// through the real application, and checks each answer against ``RouteCase/all``.
@Suite struct RouteAccessTests {
    @Test func everyRouteIsInTheTable() async throws {
        let fixture = try ServerFixture()
        let routers = try await buildRouters(
            configuration: ServerConfiguration(), environment: fixture.environment,
            changes: ChangeNotifier(store: fixture.store, interval: LiveUpdates.interval))
        let routed = Set(routers.routes)
        let listed = Set(RouteCase.all.map(\.key))
        #expect(routed.subtracting(listed).sorted() == [], "routes with no entry in RouteCase.all")
        #expect(listed.subtracting(routed).sorted() == [], "entries in RouteCase.all with no route")
        #expect(listed.count == RouteCase.all.count, "a route listed twice")
    }

    @Test func everyRouteAnswersEachCallerAsTheTableSays() async throws {
        let fixture = try ServerFixture()
        let owner = try await fixture.signIn(name: "owner")
        let other = try await fixture.signIn(name: "other", password: "the other person's secret")
        _ = try await fixture.signIn(name: "bystander")
        let accounts = fixture.environment.accounts
        _ = try await accounts.createToken(for: owner.user, name: "spare")
        _ = try await accounts.createToken(for: owner.user, name: "spare-api")
        var ids = try await OwnerRecords.seed(fixture.scope)
        ids["widget"] = try await WidgetService(scope: fixture.scope, store: fixture.store).turnOn()
        let diaryShare = try await DiaryShareService(scope: fixture.scope, store: fixture.store)
            .create(from: LocalDay("2026-11-20")!, to: LocalDay("2026-11-22")!)
        ids["diaryShare"] = diaryShare.secret
        ids["diaryShareID"] = diaryShare.link.id.text
        ids["diaryShare2ID"] = try await DiaryShareService(scope: fixture.scope, store: fixture.store)
            .create(from: LocalDay("2026-11-20")!, to: LocalDay("2026-11-21")!).link.id.text
        ids["backup"] = String(
            decoding: try await UserScope(
                store: fixture.scope.store, owner: UUID(), clock: fixture.scope.clock,
                machineZone: fixture.scope.machineZone
            ).backup.exportJSON(), as: UTF8.self)
        let uploads = ImportUploads(directory: fixture.configuration.uploadDirectory, maxBytes: 1 << 20)
        for name in ["upload", "spareUpload"] {
            let (id, folder) = try uploads.begin(for: owner.user.id)
            let diary = Data(ImportPageWebTests.diary.utf8)
            try diary.write(to: folder.appendingPathComponent("daylio.csv"))
            try uploads.save(
                .init(id: id, fileName: "daylio.csv", size: diary.count, format: nil, moods: ["sleepy": 2]),
                owner: owner.user.id)
            ids[name] = id.uuidString
        }
        try await fixture.testSignedOut { [ids] client in
            var ids = ids
            for route in RouteCase.all {
                ids["lastWater"] = try await fixture.scope.store.lastAddedWaterEntry(owner: owner.user.id)?.id
                    .uuidString
                let before = try await fixture.snapshot()
                let anonymous = try await send(route, ids, as: nil, client)
                if route.access == .open {
                    #expect(anonymous.status.code < 500, "\(route.key) without credentials: \(anonymous.status)")
                } else if route.isAPI {
                    #expect(anonymous.status == .unauthorized, "\(route.key) without credentials")
                } else {
                    #expect(anonymous.status == .seeOther, "\(route.key) without credentials")
                    #expect(anonymous.headers[.location]?.hasPrefix("/login") == true, "\(route.key) redirect")
                }
                for credential in [Credential.session(other), .token(other)] {
                    let answer = try await send(route, ids, as: credential, client)
                    let who = "\(route.key) as another user's \(credential.kind)"
                    switch route.access {
                    case .open: #expect(answer.status.code < 500, "\(who): \(answer.status)")
                    case .signedIn:
                        #expect(answer.status.code < 500 && answer.status != .unauthorized, "\(who): \(answer.status)")
                    case .owned: #expect(answer.status == .notFound, "\(who): \(answer.status) \(Self.detail(answer))")
                    case .admin: #expect(answer.status == .forbidden, "\(who): \(answer.status)")
                    }
                }
                #expect(
                    try await fixture.snapshot() == before, "\(route.key) changed the owner's data for someone else")
                let mine = try await send(
                    route, ids, as: route.isAPI ? .token(owner) : .session(owner), client)
                if route.access != .open {
                    #expect(
                        (200..<400).contains(mine.status.code),
                        "\(route.key) as owner: \(mine.status) \(Self.detail(mine))")
                }
            }
        }
    }

    /// The message of an error answer: the page's alert or the problem's detail.
    static func detail(_ response: TestResponse) -> String {
        let text = response.text
        if let start = text.range(of: "role=\"alert\">"), let end = text[start.upperBound...].firstIndex(of: "<") {
            return String(text[start.upperBound..<end])
        }
        return String(text.prefix(300))
    }

    enum Credential {
        case session(Credentials)
        case token(Credentials)

        var kind: String {
            switch self {
            case .session: "session"
            case .token: "token"
            }
        }

        var headers: HTTPFields {
            switch self {
            case .session(let credentials): credentials.cookieHeaders
            case .token(let credentials): credentials.bearerHeaders
            }
        }
    }

    private func send(
        _ route: RouteCase, _ ids: [String: String], as credential: Credential?, _ client: any TestClientProtocol
    ) async throws -> TestResponse {
        var path = route.path ?? route.route
        for (name, value) in ids { path = path.replacingOccurrences(of: "{\(name)}", with: value) }
        var headers = credential?.headers ?? [:]
        var body: ByteBuffer?
        func filled(_ text: String) -> String {
            ids.reduce(text) { $0.replacingOccurrences(of: "{\($1.key)}", with: $1.value) }
        }
        switch route.body {
        case .none: break
        case .form(let fields):
            headers[.contentType] = "application/x-www-form-urlencoded"
            body = ByteBuffer(string: FormEncoding.encode(fields.mapValues(filled)))
        case .json(let text):
            headers[.contentType] = "application/json"
            body = ByteBuffer(string: filled(text))
        case .multipart(let fields):
            headers[.contentType] = "multipart/form-data; boundary=\(FormEncoding.boundary)"
            body = ByteBuffer(string: FormEncoding.multipart(fields.mapValues(filled)))
        case .image:
            headers[.contentType] = "application/octet-stream"
            body = ByteBuffer(bytes: OwnerRecords.jpeg)
        }
        return try await client.executeRequest(uri: path, method: route.method, headers: headers, body: body)
    }
}
