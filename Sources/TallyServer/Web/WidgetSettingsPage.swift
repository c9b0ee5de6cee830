import Foundation
import Hummingbird
import TallyCore
import TallyServices
import TallyStorage

/// Settings › Widgets: turns the widget addresses on, replaces them (the old ones stop working at once)
/// or turns them off, and shows them to copy into a widget app or dashboard.
struct WidgetSettingsPage {
    let scope: UserScope
    let templates: PageTemplates
    let store: any TallyStore
    let publicURL: URL?
    let signature: WidgetActionSignature

    static let path = "/settings/widgets"

    struct View {
        let title = "Widgets"
        let links: Links?
        let notice: String?
    }

    struct Links {
        let widget: String
        let ring: String
        let status: String
        let ringPath: String
        /// Each water preset's signed address, for a button that logs it (a Shortcut, Home Assistant).
        let presets: [Preset]
        /// Stored, as the templates read only stored properties.
        let hasPresets: Bool
    }

    struct Preset {
        let label: String
        let add: String
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let secret = try await service.secret()
        let notice: String? =
            switch request.uri.queryParameters.get("done").map({ String($0) }) {
            case "on": "Widget addresses made: copy one into your widget app."
            case "replaced": "New addresses made: the old ones no longer work."
            case "off": "Widget addresses turned off: the old ones no longer work."
            default: nil
            }
        var links: Links?
        if let secret {
            let root = SiteRoot.of(request, publicURL: publicURL)
            let path = WidgetRoutes.prefix + secret
            let status = try await service.status()
            let presets = status.presetsML.map {
                Preset(
                    label: status.unit.format($0), add: root + WidgetRoutes.action(path, $0, secret, signature))
            }
            links = Links(
                widget: root + path, ring: root + path + "/ring.svg", status: root + path + "/status.json",
                ringPath: path + "/ring.svg", presets: presets, hasPresets: !presets.isEmpty)
        }
        return HTML.response(templates.render(View(links: links, notice: notice), .widgetSettings))
    }

    func save(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        let done: String
        switch form["action"] {
        case "on":
            try await service.turnOn()
            done = "on"
        case "replace":
            try await service.turnOn(replacing: true)
            done = "replaced"
        case "off":
            try await service.turnOff()
            done = "off"
        default:
            throw TallyError.invalid(
                field: "action", reason: "choose to turn the widgets on, replace them or turn them off")
        }
        return HTML.redirect(to: "\(Self.path)?done=\(done)")
    }

    private var service: WidgetService { WidgetService(scope: scope, store: store) }
}
