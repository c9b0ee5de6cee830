import Foundation
import Hummingbird
import Recurrence
import TallyCore
import TallyServices

/// Time zone, day start, first weekday, bedtime, wake time and birth year.
struct SettingsPage {
    let scope: UserScope
    let templates: PageTemplates
    /// The signed-in person's name, shown with the account link.
    let userName: String

    struct Option {
        let value: String
        let label: String
        let selected: Bool
    }

    struct View {
        let title = "Settings"
        let zones: [Option]
        let dayStart: String
        let weekStarts: [Option]
        let bedtime: String
        let wakeTime: String
        let birthYear: String
        let saved: Bool
        let error: String?
        let userName: String
    }

    func page(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let settings = try await scope.settings.current()
        let saved = request.uri.queryParameters.get("saved") != nil
        return HTML.response(templates.render(view(settings, saved: saved, error: nil), .settings))
    }

    func save(_ request: Request, _ context: SignedInContext) async throws -> Response {
        let form = try await FormBody(request: request)
        var changes: [SettingKey: String] = [:]
        for key in SettingKey.allCases { changes[key] = form[key.rawValue] }
        var named: [SettingName: String] = [:]
        for name in SettingName.allCases { named[name] = form[name.rawValue] }
        do {
            try await scope.settings.update(changes, named: named)
        } catch let error as TallyError {
            let settings = try await scope.settings.current()
            return HTML.response(
                templates.render(view(settings, saved: false, error: FormMessage.text(error)), .settings),
                status: .badRequest)
        }
        return HTML.redirect(to: HTML.localPath(form["returnTo"], default: "/settings?saved=1"))
    }

    private func view(_ settings: UserSettings, saved: Bool, error: String?) -> View {
        let machine = Option(
            value: "", label: "This machine's zone (\(scope.machineZone.identifier))",
            selected: settings.timeZoneID == nil)
        // A zone the list does not name (an alias such as Asia/Kolkata where the system lists Asia/Calcutta)
        // is offered too: otherwise no option is selected, and Save set the zone to the machine's.
        var names = TimeZone.knownTimeZoneIdentifiers
        if let stored = settings.timeZoneID, !names.contains(stored) { names.append(stored) }
        let zones = names.sorted().map {
            Option(value: $0, label: $0.replacingOccurrences(of: "_", with: " "), selected: $0 == settings.timeZoneID)
        }
        let usual = FirstWeekday.default(zoneID: settings.zone(machine: scope.machineZone).identifier)
        let weekStarts =
            [
                Option(
                    value: "", label: "Usual for the time zone (\(FirstWeekday.title(usual)))",
                    selected: settings.weekStart == nil)
            ]
            + Weekday.allCases.map {
                Option(value: FirstWeekday.name($0), label: FirstWeekday.title($0), selected: settings.weekStart == $0)
            }
        return View(
            zones: [machine] + zones, dayStart: settings.dayStart.description, weekStarts: weekStarts,
            bedtime: settings.bedtime.description,
            wakeTime: settings.wakeTime.description, birthYear: settings.value(of: .birthYear), saved: saved,
            error: error,
            userName: userName)
    }
}
