// CPU time of other processes on this machine, from /proc (Linux): what a server and its database spend
// per request, measured from outside them.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

public enum ProcessCPU {
    /// User and system CPU seconds process `pid` has used so far (0 when it is gone or unreadable).
    public static func seconds(_ pid: Int32) -> Double {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return 0 }
        // The fields after the command's closing parenthesis; utime and stime are the 14th and 15th of the line.
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        guard fields.count > 12 else { return 0 }
        return ((Double(fields[11]) ?? 0) + (Double(fields[12]) ?? 0)) / Double(sysconf(Int32(_SC_CLK_TCK)))
    }

    /// The parent of process `pid` (0 when it is gone).
    public static func parent(_ pid: Int32) -> Int32 {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8) else { return 0 }
        let fields = stat.split(separator: ")").last?.split(separator: " ") ?? []
        return fields.count > 1 ? Int32(fields[1]) ?? 0 : 0
    }

    /// The CPU seconds each of `pids` has used so far.
    public static func snapshot(_ pids: some Sequence<Int32>) -> [Int32: Double] {
        Dictionary(pids.map { ($0, seconds($0)) }, uniquingKeysWith: { first, _ in first })
    }

    /// CPU seconds used between two snapshots: a process only in `after` started in between and counts whole.
    public static func used(from before: [Int32: Double], to after: [Int32: Double]) -> Double {
        after.reduce(0) { sum, entry in sum + max(0, entry.value - (before[entry.key] ?? 0)) }
    }

    /// This process's own CPU seconds (every thread: here, the load's clients).
    public static func own() -> Double {
        var usage = rusage()
        getrusage(RUSAGE_SELF.rawValue, &usage)
        return Double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec)
            + Double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1e6
    }
}
