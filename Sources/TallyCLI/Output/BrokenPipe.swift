import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `tally export | head`: once the reader has what it wants and closes the pipe, the export ends quietly
/// with status 0, as a reader that stops early is no failure. The default (death by SIGPIPE) exits 141,
/// which `set -o pipefail` scripts read as an error.
enum BrokenPipe {
    /// From now on, a SIGPIPE caused by standard output's reader having gone ends the process at once with
    /// status 0. Any other SIGPIPE (a socket's) is ignored, so its write fails with EPIPE as an error.
    static func endQuietlyOnClosedOutput() {
        signal(SIGPIPE) { _ in
            // poll() is async-signal-safe: a pipe whose reader closed reports POLLERR on its write end.
            var output = pollfd(fd: STDOUT_FILENO, events: Int16(POLLOUT), revents: 0)
            if poll(&output, 1, 0) > 0, output.revents & Int16(POLLERR) != 0 { _exit(0) }
        }
    }
}
