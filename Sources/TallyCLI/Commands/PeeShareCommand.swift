import ArgumentParser
import Foundation
import TallyCore
import TallyServices

/// `tally pee share`: read-only links to the bladder diary report for a clinician or caregiver; made,
/// listed with when each was last opened, and revoked.
struct PeeShareCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "share",
        abstract: "Make, list or revoke a link to the bladder diary report for a clinician or caregiver.",
        discussion: """
            --from and --to make a link to the report of those diary days, open for --days days (14 unless \
            given), and print its address: it is shown only now (Tally keeps a digest). --list shows your \
            links with their expiry and when each was last opened; --revoke ID stops one at once.
            """)

    @Option(help: "First diary day the link shows, YYYY-MM-DD.") var from: String?
    @Option(help: "Last diary day the link shows, YYYY-MM-DD.") var to: String?
    @Option(help: "How many days the link lasts (1 to 365).") var days = DiaryShareLink.defaultDays
    @Flag(help: "List your links.") var list = false
    @Option(help: "Revoke the link with this id.") var revoke: String?
    @Option(help: "The address people open Tally at.") var publicURL = "http://127.0.0.1:8080"
    @Flag(help: "Print JSON.") var json = false
    @OptionGroup var store: StoreOptions

    func validate() throws {
        let making = from != nil || to != nil
        guard [making, list, revoke != nil].filter({ $0 }).count == 1 else {
            throw ValidationError("give --from and --to to make a link, or --list, or --revoke ID")
        }
        if making, from == nil || to == nil { throw ValidationError("give both --from and --to") }
    }

    func run() async throws {
        let service = try await store.diaryShares()
        if let revoke {
            let id = try await service.revoke(id: revoke)
            return json ? try Output.json(["revoked": id]) : print("Revoked; the link no longer opens.")
        }
        if list {
            let links = try await service.links()
            if json { return try Output.json(links.map(DiaryShareJSON.init)) }
            if links.isEmpty { print("No links.") }
            let now = service.scope.clock.now()
            for link in links {
                let state = link.isOpen(at: now) ? "open until" : "expired"
                let opened = link.lastOpenedAt.map { "last opened \(InstantFormat.string($0))" } ?? "never opened"
                print(
                    "\(link.id.text)  \(link.from) to \(link.to)  \(state) \(InstantFormat.string(link.expiresAt))  \(opened)"
                )
            }
            return
        }
        var draft = DiaryShareDraft(from: from, to: to, days: String(days))
        (draft.fromField, draft.toField, draft.daysField) = ("--from", "--to", "--days")
        let made = try await service.create(draft)
        let base = publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL
        let url = "\(base)/shared-diary/\(made.secret)"
        if json {
            return try Output.json([
                "url": url, "id": made.link.id.text, "expiresAt": InstantFormat.string(made.link.expiresAt),
            ])
        }
        print(url)
    }
}

/// A share link in `--json` output: never its secret or digest.
struct DiaryShareJSON: Encodable {
    let id: String
    let from: String
    let to: String
    let createdAt: String
    let expiresAt: String
    let lastOpenedAt: String?

    private enum CodingKeys: String, CodingKey { case id, from, to, createdAt, expiresAt, lastOpenedAt }

    /// `lastOpenedAt` is null for a link never opened, so a script finds the key either way.
    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(id, forKey: .id)
        try container.encode(from, forKey: .from)
        try container.encode(to, forKey: .to)
        try container.encode(createdAt, forKey: .createdAt)
        try container.encode(expiresAt, forKey: .expiresAt)
        try container.encode(lastOpenedAt, forKey: .lastOpenedAt)
    }

    init(_ link: DiaryShareLink) {
        id = link.id.text
        from = link.from.description
        to = link.to.description
        createdAt = InstantFormat.string(link.createdAt)
        expiresAt = InstantFormat.string(link.expiresAt)
        lastOpenedAt = link.lastOpenedAt.map(InstantFormat.string)
    }
}
