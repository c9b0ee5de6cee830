import Foundation

/// "Deleted 250 ml at 14:38 · Undo" on the page a delete returns to: the deleted record's id rides in
/// the address (`deleted=ID`), and Undo posts to its restore route.
struct DeletedNotice {
    let text: String
    let action: String

    /// `path` with `deleted=ID` added to its query.
    static func returning(to path: String, deleted id: UUID) -> String {
        path + (path.contains("?") ? "&" : "?") + "deleted=\(id.text)"
    }
}
