import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// libpq's password file (`PGPASSFILE`, else `~/.pgpass`), so an address need not hold the password: lines of
/// `hostname:port:database:username:password`, where `*` in any of the first four matches anything, `\:` and
/// `\\` are a colon and a backslash, `#` starts a comment line, and the first line that matches is used. As
/// libpq does, a file others may read is ignored, with a warning.
struct PasswordFile: Equatable {
    struct Entry: Equatable {
        var host: String
        var port: String
        var database: String
        var user: String
        var password: String
    }

    let entries: [Entry]

    /// Reads the file's text; lines with fewer than five fields are passed over, as libpq does.
    init(text: String) {
        entries = text.split(omittingEmptySubsequences: true, whereSeparator: \.isNewline).compactMap { line in
            guard !line.hasPrefix("#") else { return nil }
            var fields: [String] = []
            var field = ""
            var escaped = false
            for character in line {
                if escaped {
                    field.append(character)
                    escaped = false
                } else if character == "\\" {
                    escaped = true
                } else if character == ":", fields.count < 4 {
                    fields.append(field)
                    field = ""
                } else {
                    field.append(character)
                }
            }
            guard fields.count == 4 else { return nil }
            return Entry(host: fields[0], port: fields[1], database: fields[2], user: fields[3], password: field)
        }
    }

    /// The password of the first line matching `url`. A Unix-domain socket's directory matches its own path
    /// or `localhost`.
    func password(for url: DatabaseURL) -> String? {
        let hosts = url.socketPath == nil ? [url.host] : [url.host, "localhost"]
        return entries.first { entry in
            (entry.host == "*" || hosts.contains(entry.host)) && (entry.port == "*" || entry.port == String(url.port))
                && (entry.database == "*" || entry.database == url.database)
                && (entry.user == "*" || entry.user == url.user)
        }?.password
    }

    /// The file in force: `PGPASSFILE`, else `.pgpass` in `home`.
    static func path(environment: [String: String], home: String) -> String {
        if let path = environment["PGPASSFILE"], !path.isEmpty { return path }
        return (home as NSString).appendingPathComponent(".pgpass")
    }

    /// The password the file at `path` gives `url`, and a warning when the file was ignored because others
    /// may read it or it is not a plain file. A file that is not there gives neither.
    static func lookup(_ url: DatabaseURL, path: String) -> (password: String?, warning: String?) {
        var status = stat()
        guard stat(path, &status) == 0 else { return (nil, nil) }
        guard status.st_mode & S_IFMT == S_IFREG else {
            return (nil, "password file \"\(path)\" is not a plain file")
        }
        guard status.st_mode & (S_IRWXG | S_IRWXO) == 0 else {
            return (
                nil,
                "password file \"\(path)\" has group or world access, so it is ignored; permissions should be u=rw (0600) or less (chmod 600 \(path))"
            )
        }
        guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
            return (nil, "password file \"\(path)\" cannot be read")
        }
        return (PasswordFile(text: text).password(for: url), nil)
    }
}
