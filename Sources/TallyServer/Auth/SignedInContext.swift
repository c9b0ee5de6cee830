import Foundation
import Hummingbird
import TallyCore
import TallyServices

/// The context of a route that acts for a person: who they are (never optional), their scope (with this
/// request's own reading of "now", so every service it asks sees one clock reading and one read of
/// their settings), the form token and the peer's address. Made from a ``TallyRequestContext`` once
/// ``SignInRequired`` has let the request through.
struct SignedInContext: ChildRequestContext, PageRequest {
    var coreContext: CoreRequestContextStorage
    let auth: RequestAuth
    let scope: UserScope
    let formToken: String?
    let clientAddress: String?

    init(context: TallyRequestContext) throws {
        guard let auth = context.caller.auth else { throw TallyError.unauthorized("sign in first") }
        coreContext = context.coreContext
        self.auth = auth
        scope = auth.scope
        formToken = context.formToken
        clientAddress = context.clientAddress
    }

    var user: UserAccount { auth.user }
    var pageOwner: UUID? { auth.user.id }
}
