import Foundation
import TallyTestSupport
import Testing

/// `sslmode=verify-ca` against a real PostgreSQL whose certificate a private CA made for another host name
/// (a cluster of the test's own with TLS turned on): the chain is checked and the host name is not, so it
/// connects; `verify-full` refuses the host name; a certificate from another CA is refused. With a certificate
/// for the address 127.0.0.1, `verify-full` by that address connects.
@Suite(.serialized, .enabled(if: PostgresTestDatabase.enabled)) struct PrivateCATLSTests {
    @Test func verifyCAChecksTheChainButNotTheHostName() throws {
        let cluster = try TestCluster.start()
        defer { cluster.stop() }
        let tally = try TallyBinary()
        defer { tally.remove() }
        let keys = tally.dataDirectory.path
        try Self.openssl(
            keys, "req -x509 -newkey rsa:2048 -nodes -keyout ca.key -out ca.pem -days 2 -subj /CN=TallyTestCA")
        try Self.openssl(
            keys, "req -x509 -newkey rsa:2048 -nodes -keyout other.key -out other.pem -days 2 -subj /CN=OtherCA")
        try Self.serve(cluster, Self.certificate("server", for: "DNS:db.internal", in: keys))

        let base = cluster.url + "?sslmode="
        let trusted = try tally.run(
            ["users", "add", "ana", "--database", base + "verify-ca&sslrootcert=\(keys)/ca.pem"],
            stdin: "plum tree 42\n")
        #expect(trusted.status == 0, "\(trusted.stderr)")
        let listed = try tally.run(["users", "--database", base + "verify-ca&sslrootcert=\(keys)/ca.pem"])
        #expect(listed.status == 0 && listed.stdout.contains("ana"), "\(listed.stderr)")

        // verify-full checks the name the address uses (a name: PostgresNIO sends no IP address to check).
        let byName = base.replacingOccurrences(of: "127.0.0.1", with: "localhost")
        let wrongHost = try tally.run(["users", "--database", byName + "verify-full&sslrootcert=\(keys)/ca.pem"])
        #expect(wrongHost.status != 0)
        #expect(wrongHost.stderr.contains("TLS failed"), "\(wrongHost.stderr)")
        #expect(wrongHost.stderr.contains("localhost"), "\(wrongHost.stderr)")
        let otherCA = try tally.run(["users", "--database", base + "verify-ca&sslrootcert=\(keys)/other.pem"])
        #expect(otherCA.status != 0)
        #expect(otherCA.stderr.contains("TLS failed"), "\(otherCA.stderr)")
        let noFile = try tally.run(["users", "--database", base + "verify-ca&sslrootcert=\(keys)/missing.pem"])
        #expect(noFile.stderr.contains("sslrootcert: there is no readable file at"), "\(noFile.stderr)")

        // An address as the host: verify-full checks it against the certificate's IP addresses.
        let verifyFull = base + "verify-full&sslrootcert=\(keys)/ca.pem"
        let notNamed = try tally.run(["users", "--database", verifyFull])
        #expect(notNamed.status != 0 && notNamed.stderr.contains("TLS failed"), "\(notNamed.stderr)")
        try Self.serve(cluster, Self.certificate("address", for: "IP:127.0.0.1", in: keys))
        let byAddress = try tally.run(["users", "--database", verifyFull])
        #expect(byAddress.status == 0 && byAddress.stdout.contains("ana"), "\(byAddress.stderr)")
    }

    /// A server certificate `NAME.crt` (with `NAME.key`) from the test CA in `directory`, for `subject`
    /// (`DNS:…` or `IP:…`); returns the two files' paths.
    static func certificate(_ name: String, for subject: String, in directory: String) throws -> [String] {
        try "subjectAltName=\(subject)\nbasicConstraints=CA:FALSE\n"
            .write(toFile: "\(directory)/\(name).ext", atomically: true, encoding: .utf8)
        try openssl(directory, "req -newkey rsa:2048 -nodes -keyout \(name).key -out \(name).csr -subj /CN=tally")
        try openssl(
            directory,
            "x509 -req -in \(name).csr -CA ca.pem -CAkey ca.key -CAcreateserial -out \(name).crt -days 2"
                + " -extfile \(name).ext")
        return ["\(directory)/\(name).crt", "\(directory)/\(name).key"]
    }

    /// Makes `cluster` serve TLS with the certificate and key `files`, and waits for it to take them.
    static func serve(_ cluster: TestCluster, _ files: [String]) throws {
        try cluster.install(files)
        let names = files.map { ($0 as NSString).lastPathComponent }
        for setting in ["ssl_cert_file = '\(names[0])'", "ssl_key_file = '\(names[1])'", "ssl = on"] {
            try PostgresTestDatabase.psql(cluster.url, "ALTER SYSTEM SET \(setting)")
        }
        try PostgresTestDatabase.psql(cluster.url, "SELECT pg_reload_conf()")
        Thread.sleep(forTimeInterval: 1)
    }

    static func openssl(_ directory: String, _ arguments: String) throws {
        let finished = try ChildProcess.run(
            "sh", ["-c", "cd '\(directory)' && openssl \(arguments)"])
        #expect(finished.status == 0, "\(String(decoding: finished.stderr, as: UTF8.self))")
    }
}

extension TestCluster {
    /// Copies `files` into the cluster's data directory, readable by its owner alone.
    func install(_ files: [String]) throws {
        for file in files {
            let target = "\(directory)/data/\((file as NSString).lastPathComponent)"
            try? FileManager.default.removeItem(atPath: target)
            try FileManager.default.copyItem(atPath: file, toPath: target)
            chmod(target, 0o600)
            if getuid() == 0 { _ = try ChildProcess.run("chown", ["postgres:", target]) }
        }
    }
}
