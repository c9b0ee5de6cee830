/// What accounts need from a database, one protocol per concern: users, browser sessions, API tokens,
/// invites, failed log-ins, and the server's own secrets and switches. Part of every ``TallyStore``; a
/// consumer that needs one concern takes its protocol.
public typealias AccountStore =
    UserStore & SessionStore & TokenStore & InviteStore & LoginThrottleStore & ServerSecretStore
    & ServerSwitchStore
