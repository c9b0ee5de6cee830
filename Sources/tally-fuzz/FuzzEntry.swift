import Foundation
import TallyFuzzTargets

/// Built two ways. Normally (`swift build`) it is a replayer: `tally-fuzz TARGET FILE...` runs each file
/// through the target, so an input libFuzzer saved can be run again under a debugger. Built for
/// libFuzzer by `scripts/fuzz` (TALLY_FUZZING=1, see Package.swift), `TALLY_FUZZ_TARGET=TARGET tally-fuzz
/// [libFuzzer options] CORPUS` hands the target to libFuzzer's driver.
@main
enum FuzzEntry {
    static func main() throws {
        #if FUZZING
            guard let target = ProcessInfo.processInfo.environment["TALLY_FUZZ_TARGET"].flatMap(FuzzTarget.init)
            else { usage("TALLY_FUZZ_TARGET must name one of") }
            selected = target
            var count = CommandLine.argc
            var arguments = CommandLine.unsafeArgv
            exit(runFuzzerDriver(&count, &arguments, fuzzOneInput))
        #else
            let arguments = CommandLine.arguments.dropFirst()
            guard let name = arguments.first, let target = FuzzTarget(rawValue: name) else {
                usage("usage: tally-fuzz TARGET FILE..., TARGET one of")
            }
            for path in arguments.dropFirst() {
                target.run(try Data(contentsOf: URL(fileURLWithPath: path)))
            }
        #endif
    }

    static func usage(_ message: String) -> Never {
        let names = FuzzTarget.allCases.map(\.rawValue).joined(separator: ", ")
        FileHandle.standardError.write(Data("\(message) \(names)\n".utf8))
        exit(2)
    }
}

#if FUZZING
    nonisolated(unsafe) private var selected = FuzzTarget.recurrence

    /// libFuzzer's entry for one input.
    @_cdecl("LLVMFuzzerTestOneInput")
    func fuzzOneInput(_ bytes: UnsafePointer<UInt8>?, _ count: Int) -> CInt {
        selected.run(bytes.map { Data(bytes: $0, count: count) } ?? Data())
        return 0
    }

    /// libFuzzer's driver, run from our own `main` (SwiftPM gives an executable's `main` to its module).
    @_silgen_name("LLVMFuzzerRunDriver")
    func runFuzzerDriver(
        _ argc: UnsafeMutablePointer<CInt>,
        _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
        _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    ) -> CInt
#endif
