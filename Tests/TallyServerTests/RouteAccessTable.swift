import Foundation
import HTTPTypes

/// Every route of the server, with who may use it and a request that works for its owner. The access
/// test fails when the router has a route this table does not list, so a new route cannot skip the check.
///
/// Paths use placeholders for the owner's records: `{bathroom}`, `{water}`, `{skill}`, `{moment}`,
/// `{tracker}`, `{reminder}`, `{event}`, `{image}`, `{share}`. Routes that end the owner's session or
/// account come last.
struct RouteCase: Sendable {
    enum Access: Sendable {
        /// Anyone, signed in or not.
        case open
        /// Any signed-in user, acting on their own data.
        case signedIn
        /// Names a record of the owner: anyone else gets 404, exactly as for a record that does not exist.
        case owned
        /// The administrator only: others get 403.
        case admin
    }

    enum Body: Sendable {
        case none
        case form([String: String])
        case json(String)
        case multipart([String: String])
        case image
    }

    let method: HTTPRequest.Method
    /// The route as the router lists it.
    let route: String
    let access: Access
    var path: String? = nil
    var body: Body = .none

    var key: String { "\(method) \(route)" }

    /// Whether the API's router answers it (errors as problem+json, a 401 for no credentials): the routes
    /// under `/api/`, and the MCP endpoint.
    var isAPI: Bool { route.hasPrefix("/api/") || route == "/mcp" }
}

extension RouteCase {
    static func get(_ route: String, _ access: Access, _ path: String? = nil) -> RouteCase {
        RouteCase(method: .get, route: route, access: access, path: path)
    }

    static func post(_ route: String, _ access: Access, _ path: String? = nil, _ body: Body = .none) -> RouteCase {
        RouteCase(method: .post, route: route, access: access, path: path, body: body)
    }

    static func put(_ route: String, _ access: Access, _ path: String, _ json: String) -> RouteCase {
        RouteCase(method: .put, route: route, access: access, path: path, body: .json(json))
    }

    static func patch(_ route: String, _ json: String) -> RouteCase {
        RouteCase(method: .patch, route: route, access: .signedIn, body: .json(json))
    }

    static func delete(_ route: String, _ access: Access, _ path: String) -> RouteCase {
        RouteCase(method: .delete, route: route, access: access, path: path)
    }
}
