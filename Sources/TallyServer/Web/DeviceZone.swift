import Foundation
import TallyCore

/// The zone of the device a form was sent from: the page's script adds it (`deviceZone`, the browser's
/// IANA zone) to the forms that log, so a traveller's entry records where it was logged and lands on
/// that place's day without touching Settings. Without the script, or with a zone this machine does not
/// know, the person's setting stands.
enum DeviceZone {
    static let field = "deviceZone"

    static func from(_ form: FormBody, default setting: TimeZone) -> TimeZone {
        form.text(field).flatMap { TimeZone.supported($0) } ?? setting
    }
}
