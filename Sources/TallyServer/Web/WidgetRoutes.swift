import Crypto
import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// A person's widgets, at `/widget/{secret}`: the medium widget (a page), the small ring (`ring.svg`) and
/// the status (`status.json`), for home-screen widget apps and dashboards that cannot sign in. The secret
/// is the credential: replaced or turned off, every address made with it answers 404. The medium
/// widget's presets post to `add?amount=...&signature=...`, which logs that preset and nothing else.
struct WidgetRoutes {
    let scopes: UserScopes
    let templates: Templates
    let signature: WidgetActionSignature

    static let prefix = "/widget/"

    struct View {
        let title = "Water and bathroom today"
        let base: String
        let ring: RingView
        let bathroomCount: String
        let presets: [Preset]
        let error: String?
    }

    struct Preset {
        let label: String
        let action: String
    }

    func page(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let (secret, service) = try await widget(context)
        let view = try await self.view(secret, try await service.status(), error: nil)
        return Self.fresh(request, templates.render(view, .widget, for: context), type: "text/html; charset=utf-8")
    }

    func ring(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let status = try await widget(context).service.status()
        return Self.fresh(request, WidgetRing.svg(status.water, unit: status.unit), type: "image/svg+xml")
    }

    func status(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let (secret, service) = try await widget(context)
        let json = try Self.json(try await service.status(), base: Self.prefix + secret, signature: signature)
        return Self.fresh(request, json, type: "application/json")
    }

    /// A preset pressed: the water is logged, and the widget (or, asked for JSON, the new status) answers.
    func add(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let (secret, service) = try await widget(context)
        let query = request.uri.queryParameters
        guard let text = query.get("amount"), let amount = Double(String(text)),
            let signed = query.get("signature"),
            signature.verify(String(signed), secret: secret, amountML: amount)
        else { throw TallyError.forbidden("this widget button is not valid; reload the widget") }
        _ = try await service.add(amountML: amount)
        if request.headers[.accept]?.contains("application/json") == true {
            let json = try Self.json(try await service.status(), base: Self.prefix + secret, signature: signature)
            return Response(
                status: .created, headers: [.contentType: "application/json", .cacheControl: "no-store"],
                body: .init(byteBuffer: ByteBuffer(string: json)))
        }
        return HTML.redirect(to: Self.prefix + secret)
    }

    /// A preset's address opened rather than pressed (a dashboard that follows links, a reload): a GET logs
    /// nothing, and shows the widget whose button it is.
    func addOpened(_ request: Request, _ context: TallyRequestContext) async throws -> Response {
        let (secret, _) = try await widget(context)
        return HTML.redirect(to: Self.prefix + secret)
    }

    /// The owner of the secret in the address, or 404 for one that is off, replaced or never made.
    private func widget(_ context: TallyRequestContext) async throws -> (secret: String, service: WidgetService) {
        let secret = context.parameters.get("secret") ?? ""
        guard secret.count == 64, secret.allSatisfy(\.isHexDigit),
            let owner = try await scopes.store.owner(ofWidgetSecret: secret)
        else { throw TallyError.notFound(kind: "widget", id: "at this address (it may have been replaced)") }
        return (secret, WidgetService(scope: scopes.scope(for: owner), store: scopes.store))
    }

    private func view(_ secret: String, _ status: WidgetStatus, error: String?) async throws -> View {
        let base = Self.prefix + secret
        return View(
            base: base, ring: RingView(status.water, unit: status.unit),
            bathroomCount: DayText.count(status.bathroomCount, "pee", "pees") + " today",
            presets: status.presetsML.map {
                Preset(label: status.unit.format($0), action: Self.action(base, $0, secret, signature))
            }, error: error)
    }

    static func action(
        _ base: String, _ amountML: Double, _ secret: String, _ signature: WidgetActionSignature
    )
        -> String
    {
        let amount = WaterPreferences.millilitreText(amountML)
        return "\(base)/add?amount=\(amount)&signature=\(signature.sign(secret: secret, amountML: amountML))"
    }

    static func json(_ status: WidgetStatus, base: String, signature: WidgetActionSignature) throws -> String {
        let secret = String(base.dropFirst(prefix.count))
        var object: [String: Any] = [
            "day": status.day.description,
            "water": [
                "totalMl": status.water.totalML, "goalMl": status.water.goalML, "percent": status.water.percent,
                "goalMet": status.water.isGoalMet, "unit": status.unit.symbol,
                "text": "\(status.unit.format(status.water.totalML)) of \(status.unit.format(status.water.goalML))",
            ],
            "bathroom": ["count": status.bathroomCount],
            "presets": status.presetsML.map {
                ["label": status.unit.format($0), "amountMl": $0, "add": action(base, $0, secret, signature)]
            },
            "links": ["widget": base, "ring": base + "/ring.svg", "status": base + "/status.json"],
        ]
        if let week = status.week, let goal = week.goalML {
            var fields: [String: Any] = [
                "from": week.span.first.description, "to": week.span.last.description, "totalMl": week.totalML,
                "goalMl": goal, "percent": week.percent, "goalMet": week.isMet, "daysLeft": week.daysLeft,
                "text": WaterPeriodText.headline(week, unit: status.unit),
            ]
            fields["detail"] = WaterPeriodText.detail(week, unit: status.unit)
            fields["neededPerDayMl"] = week.neededPerDayML
            fields["todayNeedsMl"] = status.todayNeedsML
            object["week"] = fields
        }
        let data = try JSONSerialization.data(withJSONObject: object, options: [.sortedKeys, .withoutEscapingSlashes])
        return String(decoding: data, as: UTF8.self)
    }

    /// An answer that is always current: kept by caches only to ask again (`no-cache`), with an ETag so
    /// asking again costs a 304 when nothing changed. A log shows on the next load.
    static func fresh(_ request: Request, _ body: String, type: String) -> Response {
        let tag =
            "\"" + Hex.string(SHA256.hash(data: Data(body.utf8)).prefix(12)) + "\""
        var headers: HTTPFields = [.cacheControl: "no-cache", .eTag: tag, .contentType: type]
        if request.headers[.ifNoneMatch]?.split(separator: ",").contains(where: {
            $0.trimmingCharacters(in: .whitespaces) == tag
        }) == true {
            headers[.contentType] = nil
            return Response(status: .notModified, headers: headers)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(string: body)))
    }
}
