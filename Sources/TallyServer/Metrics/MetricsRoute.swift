import Foundation
import HTTPTypes
import Hummingbird
import Metrics
import Prometheus
import TallyServices

/// `GET /metrics` in Prometheus's text format, off unless `tally serve --metrics-token` names the bearer
/// token a scraper sends. Through swift-metrics: requests by route, method and status with their
/// latency histograms (Hummingbird's metrics middleware), durable commits and the writes each held
/// (`tally_commits_total`, `tally_commit_writes`), open live-update streams (`tally_live_streams`), and the
/// notification scheduler's queue (`tally_notifications_queued`, `tally_notification_deliveries_in_flight`,
/// `tally_notification_deliveries_total` by outcome).
struct MetricsRoute {
    let token: String

    /// The one registry of the process: swift-metrics takes one backend, set the first time a server with
    /// metrics on is built.
    static let registry = PrometheusCollectorRegistry()
    private static let bootstrap: Void = {
        MetricsSystem.bootstrap(PrometheusMetricsFactory(registry: registry))
    }()

    /// What measures every request of a router (the web app's and the API's each have one).
    static func middleware() -> MetricsMiddleware<TallyRequestContext> {
        _ = Self.bootstrap
        return MetricsMiddleware()
    }

    func register(on router: Router<TallyRequestContext>) {
        router.get("/metrics") { [token] request, _ in
            let given = request.headers[.authorization].flatMap { header -> String? in
                let parts = header.split(separator: " ", maxSplits: 1)
                return parts.count == 2 && parts[0].lowercased() == "bearer" ? String(parts[1]) : nil
            }
            guard let given, SecretToken.matches(given, token) else {
                return Response(
                    status: .unauthorized,
                    headers: [.wwwAuthenticate: "Bearer realm=\"tally metrics\"", .contentType: "text/plain"],
                    body: .init(byteBuffer: ByteBuffer(string: "send Authorization: Bearer <the metrics token>\n")))
            }
            var buffer: [UInt8] = []
            Self.registry.emit(into: &buffer)
            return Response(
                status: .ok,
                headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(bytes: buffer)))
        }
    }
}
