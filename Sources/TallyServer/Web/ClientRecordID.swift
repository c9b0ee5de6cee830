import Foundation
import TallyCore

/// The id a page made for what it logs (`id`, a UUID): the page's script adds one to each log form, so a
/// post retried after a lost answer, or sent later from the offline queue, stores the entry once.
/// Without the script there is none and the server makes the id.
enum ClientRecordID {
    static let field = "id"

    static func from(_ form: FormBody) throws(TallyError) -> UUID? {
        guard let text = form.text(field) else { return nil }
        guard let id = UUID(text: text) else {
            throw .invalid(field: "id", reason: "the page sent an entry id that is not one ('\(text)'); reload it")
        }
        return id
    }
}
