import Foundation
import TallyTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// The tests' own way to start programs: what they read back must be whole, and how a program ended
/// must be told right, or every CLI test above it would mislead.
@Suite struct ChildProcessTests {
    @Test func largeInputAndBothOutputsPassWithoutEitherSideWaitingForever() throws {
        // More than a pipe holds (64 KiB) each way, written to errors before output is read.
        let input = Data((0..<300_000).map { UInt8(ascii: "a") + UInt8($0 % 26) })
        let finished = try ChildProcess.run(
            "/bin/sh", ["-c", "head -c 200000 /dev/zero | tr '\\0' e >&2; cat; exit 3"], input: input)
        #expect(finished.status == 3)
        #expect(finished.stdout == input)
        #expect(finished.stderr == Data(repeating: UInt8(ascii: "e"), count: 200_000))
    }

    @Test func aChildThatIgnoresItsInputDoesNotEndTheTests() throws {
        let finished = try ChildProcess.run(
            "/bin/sh", ["-c", "echo done"], input: Data(repeating: 1, count: 1_000_000))
        #expect(finished.status == 0)
        #expect(String(decoding: finished.stdout, as: UTF8.self) == "done\n")
    }

    @Test func theEnvironmentGivenIsTheOneTheChildSees() throws {
        let finished = try ChildProcess.run("/usr/bin/env", [], environment: ["ONLY": "this"])
        #expect(String(decoding: finished.stdout, as: UTF8.self) == "ONLY=this\n")
    }

    @Test func aChildInheritsOnlyItsOwnThreeDescriptorsAndASignalIsReported() throws {
        // A running child whose output pipe the test process holds open...
        let sleeper = try ChildProcess("/bin/sleep", ["30"], output: .captured)
        // ...is not seen by the next child: `ls` lists its own 0, 1, 2 and the directory it reads.
        let listed = try ChildProcess.run("/bin/ls", ["/proc/self/fd"])
        #expect(String(decoding: listed.stdout, as: UTF8.self).split(separator: "\n") == ["0", "1", "2", "3"])
        #expect(sleeper.isRunning)
        sleeper.send(SIGKILL)
        #expect(sleeper.wait() == SIGKILL)
        #expect(!sleeper.isRunning)
        #expect(sleeper.readOutputToEnd().isEmpty)
    }

    @Test func aProgramThatIsNotThereIsAnError() {
        #expect(throws: (any Error).self) { try ChildProcess.run("/nonexistent/tally", []) }
    }
}
