import Foundation
import Testing

/// The pull-down of a sheet in a real terminal (tmux), by its key and by a drag of the grabber
/// with the mouse, as xterm reports a press and a release in SGR mode (rule 29: no unwind).
@Suite("The pull-down, in a real terminal")
struct PullDownTests {
    /// Contacts as a sheet at 80x24, the wallet's title above the card, the app tracing to `trace`.
    private func contacts(trace: URL) async throws -> TmuxSession {
        let session = try await TmuxSession.wallet(arguments: ["--network-delay", "0.3", "--trace", trace.path])
        try await session.send("n", thenWaitFor: "Julia Henry")
        return session
    }

    private func traceFile() -> URL {
        FileManager.default.temporaryDirectory.appendingPathComponent("pull-down-\(UUID().uuidString).trace")
    }

    /// Polls the trace the app writes until it has `text`; throws with what it has after a while.
    private func waitForTrace(_ url: URL, toContain text: String) async throws -> String {
        let deadline = ContinuousClock.now + TmuxSession.defaultTimeout
        var trace = ""
        while ContinuousClock.now < deadline {
            trace = (try? String(contentsOf: url, encoding: .utf8)) ?? ""
            if trace.contains(text) { return trace }
            try await Task.sleep(for: .milliseconds(50))
        }
        throw EndToEndError("the trace never said \(text); it has:\n\(trace)")
    }

    @Test("Ctrl-D pulls Contacts down: the wallet, no unwind, and the trace says cancel: was not called")
    func byKey() async throws {
        let trace = traceFile()
        defer { try? FileManager.default.removeItem(at: trace) }
        let session = try await contacts(trace: trace)
        defer { session.kill() }
        try await session.send(keys: "C-d")
        let screen = try await session.waitUntil("the wallet after the pull-down") {
            $0.contains("New Transfer") && !$0.contains("Julia Henry")
        }
        #expect(screen.contains("€ 5,432.01"))
        let written = try await waitForTrace(trace, toContain: "no unwind ran; cancel: was not called")
        #expect(!written.contains("unwind cancel:"), "\(written)")
        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
    }

    @Test("A drag of the grabber down a third of the card dismisses the sheet; a shorter one lets it spring back")
    func byMouseDrag() async throws {
        let trace = traceFile()
        defer { try? FileManager.default.removeItem(at: trace) }
        let session = try await contacts(trace: trace)
        defer { session.kill() }
        let screen = try await session.capture()
        let lines = screen.lines
        let top = try #require(lines.firstIndex { $0.contains("━━━━━") }, "no grabber:\n\(screen)")
        let x = try #require(lines[top].range(of: "━━━━━")).lowerBound.utf16Offset(in: lines[top]) + 2
        // The card runs from its top to the row above the keys: a third of it is some 7 rows.
        try await session.drag(x: x, from: top, to: top + 2)
        let sprang = try await waitForTrace(trace, toContain: "the sheet springs back")
        #expect(!sprang.contains("presentationControllerDidDismiss"), "\(sprang)")
        #expect(try await session.capture().contains("Julia Henry"))
        try await session.drag(x: x, from: top, to: top + 12)
        try await session.waitUntil("the wallet after a long drag") { $0.contains("New Transfer") && !$0.contains("Julia Henry") }
        _ = try await waitForTrace(trace, toContain: "no unwind ran; cancel: was not called")
        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
    }
}

extension TmuxSession {
    /// A press of the first button at column `x` of row `from`, and its release at row `to`
    /// (both from 0), as xterm reports a drag in SGR mode.
    func drag(x: Int, from: Int, to: Int) async throws {
        try await tmuxCommand(["send-keys", "-t", "s", "-l", "\u{1B}[<0;\(x + 1);\(from + 1)M"])
        try await tmuxCommand(["send-keys", "-t", "s", "-l", "\u{1B}[<0;\(x + 1);\(to + 1)m"])
    }
}
