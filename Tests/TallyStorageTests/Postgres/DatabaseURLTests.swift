import TallyPostgres
import Testing

@testable import TallyCore

/// Reading `postgres://` addresses: what is accepted, and what each mistake is told. Needs no server.
@Suite struct DatabaseURLTests {
    @Test func fullAddressIsRead() throws {
        let url = try DatabaseURL(parsing: "postgres://tally:s3cret@db.example.org:6543/tally_prod?sslmode=disable")
        #expect(
            url
                == DatabaseURL(
                    user: "tally", password: "s3cret", host: "db.example.org", port: 6543, database: "tally_prod",
                    sslMode: .disable))
        #expect(url.endpoint == "db.example.org:6543")
    }

    @Test func shortAddressTakesTheDefaults() throws {
        let url = try DatabaseURL(parsing: "postgresql://tally@localhost/tally")
        #expect(url.port == 5432 && url.password == nil && url.sslMode == .prefer)
        #expect(try DatabaseURL(parsing: "POSTGRES://a@h/d").host == "h")
    }

    @Test func percentEncodedPartsAreDecoded() throws {
        let url = try DatabaseURL(parsing: "postgres://ana%40home:p%40ss%3Aw%2Fd%25@127.0.0.1:5432/my%20db")
        #expect(url.user == "ana@home")
        #expect(url.password == "p@ss:w/d%")
        #expect(url.database == "my db")
        // An unencoded '@' in the password still ends at the last '@'.
        #expect(try DatabaseURL(parsing: "postgres://ana:p@ss@h/d").password == "p@ss")
    }

    @Test func ipv6HostsAreInBrackets() throws {
        let url = try DatabaseURL(parsing: "postgres://tally@[::1]:55432/tally")
        #expect(url.host == "::1" && url.port == 55432)
        #expect(url.endpoint == "[::1]:55432")
    }

    @Test func everySSLModeIsRead() throws {
        for mode in DatabaseURL.SSLMode.allCases {
            #expect(
                try DatabaseURL(parsing: "postgres://u@h/d?sslmode=\(mode.rawValue)&sslrootcert=/ca.pem").sslMode
                    == mode)
        }
    }

    /// The connections one process holds: 10 unless `?pool=` says, from 1 to 100 (servers × pool must stay
    /// under the database's `max_connections`).
    @Test func thePoolSizeIsRead() throws {
        #expect(try DatabaseURL(parsing: "postgres://u@h/d").poolSize == 10)
        let url = try DatabaseURL(parsing: "postgres://u@h/d?pool=25&sslmode=require")
        #expect(url.poolSize == 25 && url.sslMode == .require)
        #expect(url.description == "postgres://u@h:5432/d?sslmode=require&pool=25")
        #expect(try DatabaseURL(parsing: url.description) == url, "the printed address reads back")
    }

    @Test func printedAddressHidesThePassword() throws {
        let url = try DatabaseURL(parsing: "postgres://tally:s3cret@127.0.0.1:5432/tally?sslmode=require")
        #expect(url.description == "postgres://tally:***@127.0.0.1:5432/tally?sslmode=require")
        #expect(!"\(url)".contains("s3cret"))
    }

    /// libpq's `verify-ca` with `sslrootcert`: a private CA's certificate, the host name not checked.
    @Test func aPrivateCAIsNamedBySSLRootCert() throws {
        let url = try DatabaseURL(
            parsing: "postgres://u@db.lan/d?sslmode=verify-ca&sslrootcert=%2Fetc%2Ftally%2Fca.pem")
        #expect(url.sslMode == .verifyCA && url.sslRootCertificate == "/etc/tally/ca.pem")
        #expect(
            try DatabaseURL(parsing: "postgres://u@h/d?sslrootcert=/etc/ca.pem&sslmode=verify-full").sslRootCertificate
                == "/etc/ca.pem")
        #expect(url.description == "postgres://u@db.lan:5432/d?sslmode=verify-ca&sslrootcert=%2Fetc%2Ftally%2Fca.pem")
        #expect(try DatabaseURL(parsing: url.description) == url, "the printed address reads back")
    }

    /// A Unix-domain socket: libpq's `?host=DIRECTORY`, or the directory percent-encoded as the host; the
    /// socket is the directory's `.s.PGSQL.PORT`.
    @Test func aSocketDirectoryIsAHost() throws {
        let query = try DatabaseURL(parsing: "postgres://tally@/tally?host=/var/run/postgresql")
        #expect(query.host == "/var/run/postgresql" && query.port == 5432 && query.user == "tally")
        #expect(query.socketPath == "/var/run/postgresql/.s.PGSQL.5432")
        #expect(query.endpoint == "/var/run/postgresql/.s.PGSQL.5432")
        let encoded = try DatabaseURL(parsing: "postgres://tally@%2Fvar%2Frun%2Fpostgresql:6543/tally")
        #expect(encoded.socketPath == "/var/run/postgresql/.s.PGSQL.6543")
        #expect(try DatabaseURL(parsing: "postgres://tally@:6543/tally?host=/tmp").socketPath == "/tmp/.s.PGSQL.6543")
        #expect(try DatabaseURL(parsing: encoded.description) == encoded, "the printed address reads back")
        // Without user and host, the user is this system's, as libpq does.
        let bare = try DatabaseURL(parsing: "postgres:///tally?host=/run/postgresql")
        #expect(!bare.user.isEmpty && bare.socketPath == "/run/postgresql/.s.PGSQL.5432")
        #expect(try DatabaseURL(parsing: "postgres://tally@db.example/tally").socketPath == nil)
    }

    /// libpq's keyword form, as `psql` takes it: the same database as the address form, spaces around `=`,
    /// quoted values with `\'` and `\\`, the user and database defaults, a socket's directory and IPv6.
    @Test func theKeywordFormIsRead() throws {
        let url = try DatabaseURL(
            parsing: "host=db.example.org port=6543 dbname=tally_prod user=tally password=s3cret sslmode=disable")
        let address = "postgres://tally:s3cret@db.example.org:6543/tally_prod?sslmode=disable"
        #expect(url == (try DatabaseURL(parsing: address)))
        let quoted = try DatabaseURL(
            parsing: #"  host = db.lan  dbname = 'my db' user=ana password='it\'s a \\ secret' pool=20 "#)
        #expect(quoted.database == "my db" && quoted.password == #"it's a \ secret"# && quoted.poolSize == 20)
        var printed = try DatabaseURL(parsing: quoted.description)
        printed.password = quoted.password
        #expect(printed == quoted, "the printed address reads back, its password hidden")
        let socket = try DatabaseURL(parsing: "host=/var/run/postgresql user=tally")
        #expect(socket.socketPath == "/var/run/postgresql/.s.PGSQL.5432" && socket.database == "tally")
        let bare = try DatabaseURL(parsing: "host=/run/postgresql")
        #expect(!bare.user.isEmpty && bare.database == bare.user)
        let ipv6 = try DatabaseURL(parsing: "host=::1 port=55432 user=u dbname=d")
        #expect(ipv6.host == "::1" && ipv6.port == 55432 && ipv6.endpoint == "[::1]:55432")
        #expect(DatabaseURL.isKeywordForm("dbname=tally") && !DatabaseURL.isKeywordForm("/var/lib/tally"))
        #expect(!DatabaseURL.isKeywordForm("postgres://u@h/d?pool=2"))
    }

    /// Any user, password and database name, quoted as libpq reads them, in any order and spacing, reads
    /// back as itself (500 seeded cases: quotes, backslashes, '=', spaces, '@', '%', letters beyond ASCII).
    @Test func anyKeywordStringReadsBackAsItsValues() throws {
        var random = SplitMix64(seed: 20_261_129)
        let characters = Array("ab Z9'\\=@:/?#%&é漢 \t")
        func text(_ allowed: [Character]) -> String {
            String((0..<Int.random(in: 1...12, using: &random)).map { _ in allowed.randomElement(using: &random)! })
        }
        func quoted(_ value: String) -> String {
            "'" + value.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "'", with: "\\'") + "'"
        }
        for _ in 0..<500 {
            let expected = DatabaseURL(
                user: text(characters), password: text(characters),
                host: ["db.example.org", "127.0.0.1", "::1", "/var/run/postgresql"].randomElement(using: &random)!,
                port: Int.random(in: 1...65_535, using: &random), database: text(characters.filter { $0 != "/" }),
                sslMode: [.disable, .prefer, .require, .verifyFull].randomElement(using: &random)!,
                poolSize: Int.random(in: 1...100, using: &random))
            var pairs = [
                ("host", expected.host), ("port", String(expected.port)), ("user", expected.user),
                ("password", expected.password ?? ""), ("dbname", expected.database),
                ("sslmode", expected.sslMode.rawValue), ("pool", String(expected.poolSize)),
            ]
            pairs.shuffle(using: &random)
            let spaced = pairs.map { name, value in
                let around = [" ", "", "  "].randomElement(using: &random)!
                return name + around + "=" + around + quoted(value)
            }
            let written = spaced.joined(separator: [" ", "  ", "\t"].randomElement(using: &random)!)
            #expect(try DatabaseURL(parsing: written) == expected, "\(written)")
        }
    }

    @Test(arguments: [
        ("host=h dbname=d connect_timeout=3", "the keyword 'connect_timeout' is not one Tally reads"),
        ("dbname=d user=u", "name the host"),
        ("host=h port=x", "'x' is not a port"),
        ("host=h password='abc", "the value of password opens a quote (') that is not closed"),
        ("host=h sslmode=verify-ca", "sslmode=verify-ca needs sslrootcert=PATH"),
        ("host=h user=''", "the user name is empty"),
        ("host=h dbname=a/b", "it holds a '/'"),
        ("host=h password=s3cret zqx", "a word with no '=' follows the value of password"),
    ])
    func keywordMistakesAreNamed(text: String, reason: String) throws {
        do {
            _ = try DatabaseURL(parsing: text)
            Issue.record("\(text) was accepted")
        } catch {
            #expect(error.description.contains(reason), "\(error)")
            #expect(!error.description.contains("s3cret") && !error.description.contains("zqx"), "\(error)")
        }
    }

    /// A password holding '/', '?' or '#' unencoded ends the host part early; the message says so and
    /// how to write each character, without quoting the password.
    @Test(arguments: ["postgres://tally:zq/xw@h/d", "postgres://tally:zq?xw@h/d", "postgres://tally:zq#xw@h/d"])
    func aPasswordThatBreaksTheAddressIsExplained(address: String) {
        do {
            _ = try DatabaseURL(parsing: address)
            Issue.record("\(address) was accepted")
        } catch {
            let said = error.description
            #expect(said.contains("the user name or password holds a '"), "\(said)")
            #expect(said.contains("/ as %2F, ? as %3F, # as %23, @ as %40, : as %3A, % as %25"), "\(said)")
            #expect(!said.contains("zq") && !said.contains("xw"), "\(said)")
        }
    }

    @Test(arguments: [
        ("mysql://tally@h/d", "the address starts with mysql://; use postgres://"),
        ("postgres://tally@h/d?sslmode=verify-ca", "sslmode=verify-ca needs sslrootcert=PATH"),
        ("postgres://tally@/d", "name the host"),
        ("127.0.0.1:5432", "is not a postgres:// address"),
        ("postgres://127.0.0.1:5432/tally", "name the user before the host"),
        ("postgres://tally@127.0.0.1:5432", "name the database after the host"),
        ("postgres://tally@127.0.0.1:5432/", "name the database after the host"),
        ("postgres://tally@:5432/tally", "name the host"),
        ("postgres://@h/tally", "the user name is empty"),
        ("postgres://tally@h:54x32/tally", "'54x32' is not a port"),
        ("postgres://tally@h:70000/tally", "'70000' is not a port"),
        ("postgres://tally@h:/tally", "'' is not a port"),
        ("postgres://tally@[::1/tally", "no closing ']'"),
        ("postgres://tally@h/a/b", "it holds a '/'"),
        ("postgres://tally@h/tally?sslmode=sometimes", "sslmode 'sometimes' is not one of disable, prefer"),
        ("postgres://tally@h/tally?connect_timeout=3", "the option 'connect_timeout' is not one Tally reads"),
        ("postgres://tally@h/tally?pool=0", "pool '0' is not a number of connections from 1 to 100"),
        ("postgres://tally@h/tally?pool=500", "pool '500' is not a number"),
        ("postgres://tally@h/tally?pool=ten", "pool 'ten' is not a number"),
        ("postgres://tally@h/ta%zzlly", "not followed by two hex digits"),
        ("postgres://tally@h/tally#x", "cannot hold"),
    ])
    func mistakesAreNamed(address: String, reason: String) throws {
        do {
            _ = try DatabaseURL(parsing: address)
            Issue.record("\(address) was accepted")
        } catch {
            guard case .invalid(let field, let said) = error else {
                Issue.record("\(error)")
                return
            }
            #expect(field == "database URL")
            #expect(said.contains(reason), "\(said)")
        }
    }

    @Test func refusalsNeverQuoteThePassword() {
        for address in ["postgres//tally:s3cret@h/d", "postgres://tally:s3cret@h:x/d", "postgres://tally:s3cret@h"] {
            do {
                _ = try DatabaseURL(parsing: address)
                Issue.record("\(address) was accepted")
            } catch {
                #expect(!error.description.contains("s3cret"), "\(error)")
            }
        }
    }
}
