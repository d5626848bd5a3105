import Foundation

/// A finished run of the app with what it cost: its peak resident memory from `wait4`'s
/// rusage, read by `PeakMemory` (the app's parent, so that the runner's own memory is not
/// counted), and how it ended (a signal is a crash, whatever the exit code would say).
struct BoundedRun: Sendable {
    let status: Int32?
    let signal: Int32?
    let peakMemoryBytes: Int
    let standardError: String

    /// Runs `executable` with `arguments` in `directory` until it ends; a hang ends at the
    /// runner's timeout as a thrown error. No time is asserted.
    static func run(_ executable: URL, _ arguments: [String], in directory: URL, timeout: Duration = .seconds(120)) async throws -> BoundedRun {
        let helper = executable.deletingLastPathComponent().appendingPathComponent("PeakMemory")
        let result = try await ProcessRunner.run(helper, [executable.path] + arguments, environment: WalletBinary.environment,
                                                 in: directory, timeout: timeout)
        // The helper's line is the last of standard error: "status N peak B" or "signal N peak B".
        let lines = result.standardError.split(separator: "\n")
        let words = lines.last?.split(separator: " ") ?? []
        guard words.count == 4, words[2] == "peak", let number = Int32(words[1]), let peak = Int(words[3]) else {
            throw EndToEndError("PeakMemory said \(result.standardError.suffix(300)) (status \(result.status))")
        }
        return BoundedRun(
            status: words[0] == "status" ? number : nil,
            signal: words[0] == "signal" ? number : nil,
            peakMemoryBytes: peak,
            standardError: lines.dropLast().joined(separator: "\n")
        )
    }
}
