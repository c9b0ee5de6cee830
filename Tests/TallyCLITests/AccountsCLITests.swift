import Foundation
import Testing

@Suite struct AccountsCLITests {
    @Test func usersAndTokensAreManagedOnTheDataDirectory() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        #expect(try tally.run(["users"]).stdout.contains("No accounts yet"))
        let first = try tally.run(["users", "add", "Ana", "--json"], stdin: "plum tree 42\n")
        #expect(first.status == 0)
        #expect(first.stdout.contains(#""id" : "00000000-0000-0000-0000-000000000001""#))
        #expect(try tally.run(["users", "add", "ben"], stdin: "another plum 7\n").stdout == "Added ben.\n")
        let weak = try tally.run(["users", "add", "cy"], stdin: "password\n")
        #expect(weak.status != 0 && weak.stderr.contains("password: is one of the most common passwords"))
        let taken = try tally.run(["users", "add", "ana"], stdin: "plum tree 42\n")
        #expect(taken.status != 0 && taken.stderr.contains("the name ana is taken"))
        let users = try tally.jsonArray(["users", "list", "--json"])
        #expect(users.map { $0["name"] as? String } == ["ana", "ben"])
        #expect(users.map { $0["isAdmin"] as? Bool } == [true, false])
        #expect(!(try tally.run(["users", "list", "--json"]).stdout.contains("$2b$")))

        let made = try tally.run(["tokens", "create", "laptop", "--user", "ben"])
        #expect(made.status == 0 && made.stdout.hasPrefix("tly_") && made.stdout.count == 48)
        let listed = try tally.jsonArray(["tokens", "list", "--user", "ben", "--json"])
        #expect(listed.count == 1 && listed[0]["name"] as? String == "laptop" && listed[0]["token"] == nil)
        #expect(try tally.run(["tokens", "revoke", "laptop", "--user", "ben"]).status == 0)
        let again = try tally.run(["tokens", "revoke", "laptop", "--user", "ben"])
        #expect(again.status != 0 && again.stderr.contains("no token with id laptop"))

        #expect(try tally.run(["users", "remove", "ben"]).status == 0)
        #expect(try tally.jsonArray(["users", "list", "--json"]).count == 1)
    }

    @Test func serveRefusesANetworkAddressUntilAnAccountExists() throws {
        let tally = try TallyBinary()
        defer { tally.remove() }
        let refused = try tally.run(["serve", "--host", "0.0.0.0", "--port", "1"])
        #expect(refused.status != 0)
        #expect(refused.stderr.contains("no account exists yet, so Tally will not listen on 0.0.0.0"))
    }
}
