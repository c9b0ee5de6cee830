import Foundation
import Hummingbird
import TallyCore
import TallyServices
import TallyStorage

/// What the routes are made with, once at start-up: the templates, the store and its people, the
/// server's keys and settings. A page is made from these and its request's ``SignedInContext``.
struct Site: Sendable {
    let templates: Templates
    let scopes: UserScopes
    let accounts: AccountService
    let cookies: SessionCookies
    let publicURL: URL?
    let uploads: ImportUploads
    let notificationSetup: NotificationSetup
    let widgetSignature: WidgetActionSignature
    let liveUpdates: LiveUpdates

    var store: any TallyStore { scopes.store }

    /// The templates bound to one request (its form token and its person).
    func templates(_ context: some PageRequest) -> PageTemplates { templates.bound(to: context) }
}
