import TallyCore

/// What a tool call that failed tells the assistant: a refusal in the words the API's problem+json
/// `detail` uses for it; an unknown error says nothing of the server's insides (it is a bug).
enum ToolFailure {
    static func message(_ error: any Error) -> String {
        guard let error = error as? TallyError else { return "something went wrong on the server" }
        if case .unavailable(let reason) = error, reason.contains("PostgreSQL") {
            // As the API says it: the database's host and port stay in the log.
            return "Tally's database cannot be reached just now: try again in a moment"
        }
        return error.description
    }
}
