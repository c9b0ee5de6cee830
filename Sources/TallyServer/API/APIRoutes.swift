import Foundation
import Hummingbird
import OpenAPIHummingbird
import OpenAPIRuntime
import TallyCore
import TallyServices

/// The JSON API under `/api/v1`, generated from `openapi.yaml`, and the document itself at `/openapi.json`.
struct APIRoutes {
    let scopes: UserScopes
    let accounts: AccountService
    let notificationSetup: NotificationSetup

    func register(on router: Router<TallyRequestContext>) throws {
        let document = try OpenAPIDocument.json(OpenAPIDocument.object())
        router.get("/openapi.json") { _, _ in
            Response(
                status: .ok, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(bytes: document)))
        }
        try TallyAPI(scopes: scopes, accounts: accounts, notificationSetup: notificationSetup).registerHandlers(
            on: router, serverURL: try Servers.Server1.url(),
            // Compact answers with their keys in a stable order: indentation made a water entry's answer a
            // third longer, and cost every request the time to write it.
            configuration: Configuration(dateTranscoder: InstantTranscoder(), jsonEncodingOptions: [.sortedKeys]))
    }
}

/// RFC 3339 instants: read with or without fractions and with any offset, written in UTC with milliseconds.
struct InstantTranscoder: DateTranscoder {
    func encode(_ date: Date) throws -> String { InstantFormat.string(date) }

    func decode(_ text: String) throws -> Date {
        guard let date = TimeInput.parseInstant(text) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: [], debugDescription: "'\(text)' is not an RFC 3339 date-time with an offset"))
        }
        return date
    }
}
