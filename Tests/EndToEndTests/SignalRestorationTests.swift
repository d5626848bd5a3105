import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every signal whose default action ends the process puts the terminal back first: cooked mode
/// and echo, the shell's screen, a visible cursor; and the exit status still names the signal.
@Suite("Signals that end the app, in a real terminal")
struct SignalRestorationTests {
    /// The wallet on Contacts (raw mode, the alternate screen, the cursor hidden), and its pid.
    private func walletOnContacts() async throws -> (TmuxSession, pid_t) {
        let session = try await TmuxSession(arguments: ["--network-delay", "0.3"])
        try await session.waitFor(text: "€ 5,432.01")
        try await session.send("n", thenWaitFor: "Alan Johnson")
        return (session, try await session.walletPID())
    }

    static let endingSignals: [Int32] = [SIGUSR1, SIGUSR2, SIGALRM, SIGXCPU, SIGVTALRM, SIGPROF, __libc_current_sigrtmin() + 2]

    @Test("A signal that ends the app (USR1, USR2, ALRM, XCPU, VTALRM, PROF, a real-time one) restores the terminal first, and the exit status is 128 + N", arguments: endingSignals)
    func endingSignalRestoresTheTerminal(signal: Int32) async throws {
        let (session, pid) = try await walletOnContacts()
        defer { session.kill() }
        try #require(kill(pid, signal) == 0, "kill -\(signal) \(pid) failed: errno \(errno)")

        let ending = try await session.waitForEnding()
        expectTerminalRestored(ending)
        #expect(ending.exitStatus == 128 + Int(signal), "signal \(signal) ended the wallet with \(ending.exitStatus):\n\(ending.screen)")
        let modes = try await session.paneModes()
        #expect(!modes.alternateScreen, "still in the alternate screen after signal \(signal):\n\(ending.screen)")
        #expect(modes.cursorVisible, "the cursor is still hidden after signal \(signal):\n\(ending.screen)")
    }

    @Test("SIGPIPE does not end the app (a closed pipe is a write error it reports); it quits cleanly afterwards")
    func sigpipeIsIgnored() async throws {
        let (session, pid) = try await walletOnContacts()
        defer { session.kill() }
        try #require(kill(pid, SIGPIPE) == 0, "kill -PIPE \(pid) failed: errno \(errno)")

        // Still there and still answering keys.
        try await session.send(keys: "Escape")
        try await session.waitUntil("the Wallet after Cancel") { $0.contains("€ 5,432.01") && !$0.contains("Alan Johnson") }
        #expect(kill(pid, 0) == 0, "the wallet (pid \(pid)) is gone after SIGPIPE")
        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }
}
