import Foundation
import HTTPTypes
import Hummingbird

/// Which methods each API path answers, read from the API document's `paths`, so that a method the
/// document does not list for a path that exists is a 405 naming the ones it does (RFC 9110 §15.5.6),
/// not a 404 that would say the path does not exist; OPTIONS says them. Also which operations need no
/// credential (the document's `security: []`).
struct APIPathMethods: Sendable {
    /// Each path as the document writes it (`/water/entries/{id}`) and its methods, upper case.
    let paths: [(path: String, methods: [String])]
    /// The operations anyone may call, as `POST /auth/tokens`.
    let openOperations: Set<String>

    static let methodNames = ["get", "put", "post", "delete", "patch", "head", "options"]

    init(document: Any) {
        let entries = ((document as? [String: Any])?["paths"] as? [String: Any]) ?? [:]
        openOperations = Set(
            entries.flatMap { path, item in
                ((item as? [String: Any]) ?? [:]).compactMap { method, operation -> String? in
                    guard let security = (operation as? [String: Any])?["security"] as? [Any], security.isEmpty
                    else { return nil }
                    return "\(method.uppercased()) \(path)"
                }
            })
        paths = entries.sorted { $0.key < $1.key }.map { path, item in
            let declared = Set(((item as? [String: Any]) ?? [:]).keys)
            var methods = Self.methodNames.filter(declared.contains).map { $0.uppercased() }
            if methods.contains("GET"), !methods.contains("HEAD") { methods.append("HEAD") }
            return (path, methods)
        }
    }

    /// Routes on `router` (under `prefix`) answering every method a path does not: 405 with its
    /// methods, or 204 with them for OPTIONS. Returns them, so the route table can tell them apart.
    @discardableResult
    func registerRefusals<Context: RequestContext>(on router: Router<Context>, prefix: String) -> Set<String> {
        var registered: Set<String> = []
        for (path, methods) in paths {
            let allow = (methods + ["OPTIONS"]).joined(separator: ", ")
            for name in Self.methodNames where !methods.contains(name.uppercased()) {
                let method = HTTPRequest.Method(name.uppercased())!
                router.on(RouterPath(prefix + path), method: method) { request, _ -> Response in
                    if request.method == .options { return Response(status: .noContent, headers: [.allow: allow]) }
                    var problem = HTTPProblem(
                        status: .methodNotAllowed, detail: "\(request.method) is not allowed here: use \(allow)")
                    problem.allow = allow
                    throw problem
                }
                registered.insert("\(method) \(RouterPath(prefix + path))")
            }
        }
        return registered
    }
}
