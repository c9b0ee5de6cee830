import ArgumentParser
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a password from standard input: without echo at a terminal, else the first line (for scripts:
/// `echo "$PASSWORD" | tally users add ana`).
enum PasswordInput {
    static func read(prompt: String) throws -> String {
        let line: String?
        if isatty(STDIN_FILENO) != 0 {
            line = getpass(prompt).map { String(cString: $0) }
        } else {
            line = readLine(strippingNewline: true)
        }
        guard let line, !line.isEmpty else { throw ValidationError("no password on standard input") }
        return line
    }
}
