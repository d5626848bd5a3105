import Foundation
import Terminal
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
        let command = "export LANG=\(UTF8Locale.name); exec \(shellQuoted(session.walletPath)) --animations off --trace - 2>\(shellQuoted(traceTTY))"
        // Windows are named after what runs in them, and a plain "s" could name one of them: the
        // app's window and the trace's are named by their ids.
        let traceWindow = try await session.tmuxCommand(["display-message", "-p", "-t", "s:0", "#{window_id}"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        let appWindow = try await session.tmuxCommand(["new-window", "-P", "-F", "#{window_id}", "-t", "s:", "--", "sh", "-c", command + "; exec sleep 600"])
            .trimmingCharacters(in: .whitespacesAndNewlines)
        try await waitFor("New Transfer", in: appWindow, of: session)

        try await session.tmuxCommand(["send-keys", "-t", appWindow, "n"])
        try await waitFor("Contacts", in: appWindow, of: session)
        try await waitFor("transition: present NavigationController (root \"Contacts\") by NavigationController (root \"Wallet\"), asked by WalletViewController \"Wallet\"", in: traceWindow, of: session)
        try await session.tmuxCommand(["send-keys", "-t", appWindow, "Escape"])
        try await waitFor("unwind cancel: from ContactsViewController \"Contacts\"", in: traceWindow, of: session)
        // The app is still running: the trace did not wait for it to end.
        let app = try await session.tmuxCommand(["capture-pane", "-p", "-t", appWindow])
        #expect(app.contains("New Transfer") && !app.contains("Contacts"), "\(app)")
        try await session.tmuxCommand(["send-keys", "-t", appWindow, "q"])
    }

    /// Waits until `window` shows `text`.
    private func waitFor(_ text: String, in window: String, of session: TmuxSession) async throws {
        let deadline = ContinuousClock.now + TmuxSession.defaultTimeout
        var screen = ""
        while ContinuousClock.now < deadline {
            screen = try await session.tmuxCommand(["capture-pane", "-p", "-J", "-t", window])
            if screen.contains(text) { return }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw EndToEndError("window \(window) never showed \(text); it shows:\n\(screen)")
    }
}
