import Foundation
import Testing

/// `tally pee share`: makes a link and prints its address once, lists links without their secret, and
/// revokes one by id (a second revoke is an error in the user's words).
@Suite struct PeeShareCLITests {
    @Test func makesListsAndRevokesALink() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let made = try tally.run(
            [
                "pee", "share", "--from", "2026-11-18", "--to", "2026-11-20", "--days", "3", "--public-url",
                "https://t.example/",
            ])
        #expect(made.status == 0 && made.stdout.hasPrefix("https://t.example/shared-diary/"))
        let secret = made.stdout.trimmingCharacters(in: .whitespacesAndNewlines).components(separatedBy: "/").last ?? ""
        let listed = try tally.run(["pee", "share", "--list", "--json"])
        #expect(listed.status == 0 && !listed.stdout.contains(secret))
        let links = try #require(
            try JSONSerialization.jsonObject(with: Data(listed.stdout.utf8)) as? [[String: Any]])
        #expect(
            links.count == 1 && links[0]["from"] as? String == "2026-11-18" && links[0]["to"] as? String == "2026-11-20"
        )
        // A link never opened says so with a null, so a script finds the key either way.
        #expect(links[0]["lastOpenedAt"] is NSNull)
        let id = try #require(links[0]["id"] as? String)
        // One form of the id everywhere (upper case, as the page shows it); typed in lower case it is found,
        // and the answer names it in that one form.
        #expect(id == id.uppercased() && listed.stdout.contains(id))
        let plain = try tally.run(["pee", "share", "--list"])
        #expect(plain.stdout.hasPrefix(id))
        let revoked = try tally.run(["pee", "share", "--revoke", id.lowercased(), "--json"])
        #expect(revoked.status == 0 && revoked.stdout.contains("\"revoked\" : \"\(id)\""))
        let again = try tally.run(["pee", "share", "--revoke", id])
        #expect(again.status != 0 && again.stderr.contains("no share link with id"))
        #expect(try tally.run(["pee", "share", "--list"]).stdout == "No links.\n")
        let half = try tally.run(["pee", "share", "--from", "2026-11-18"])
        #expect(half.status != 0 && half.stderr.contains("give both --from and --to"))
    }
}
