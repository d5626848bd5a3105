import Foundation
import Testing

/// `--trace -` while the app runs in a real terminal: refused when standard error is that
/// terminal (the app would draw over it), written live when it is another one.
@Suite("--trace - beside the app in a terminal")
struct LiveTraceTests {
    @Test("--trace - with standard error on the app's own terminal is refused before ncurses starts, saying to redirect it")
    func refusedOnTheAppsTerminal() async throws {
        let session = try await TmuxSession(arguments: ["--trace", "-"])
        defer { session.kill() }
        let ending = try await session.waitForEnding()
        #expect(ending.exitStatus == 1, "\(ending.screen)")
        #expect(ending.screen.contains("2>/dev/pts/3"), "\(ending.screen)")
        #expect(ending.screen.contains("tail -f trace.log"), "\(ending.screen)")
        expectTerminalRestored(ending)
    }

    @Test("--trace - 2>/dev/pts/N writes each step to the other terminal as it happens, while the app runs")
    func liveInAnotherPane() async throws {
        // Window 0 is the "second pane": its terminal receives the trace. The app runs in window 1.
        let session = try await TmuxSession(arguments: ["--version"])
        defer { session.kill() }
        _ = try await session.waitForEnding()
        let traceTTY = try await session.tmuxCommand(["display-message", "-p", "-t", "s:0", "#{pane_tty}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try #require(traceTTY.hasPrefix("/dev/"), "no tty: \(traceTTY)")
        let command = "export LANG=C.UTF-8; exec \(shellQuoted(session.walletPath)) --trace - 2>\(shellQuoted(traceTTY))"
        try await session.tmuxCommand(["new-window", "-t", "s:", "--", "sh", "-c", command + "; exec sleep 600"])
        try await session.waitFor(text: "New Transfer")

        try await session.send(keys: "n")
        try await session.waitFor(text: "Contacts")
        try await waitForTrace(in: session, "transition: present NavigationController (root \"Contacts\") by WalletViewController \"Wallet\"")
        try await session.send(keys: "Escape")
        try await waitForTrace(in: session, "unwind cancel: from ContactsViewController \"Contacts\"")
        // The app is still running: the trace did not wait for it to end.
        #expect(try await session.capture().contains("New Transfer"))
        try await session.send(keys: "q")
    }

    /// Waits until window 0 (the trace's terminal) shows `line`.
    private func waitForTrace(in session: TmuxSession, _ line: String) async throws {
        let deadline = ContinuousClock.now + TmuxSession.defaultTimeout
        var screen = ""
        while ContinuousClock.now < deadline {
            screen = try await session.tmuxCommand(["capture-pane", "-p", "-J", "-t", "s:0"])
            if screen.contains(line) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        Issue.record("the trace's terminal never showed \(line); it shows:\n\(screen)")
    }
}
