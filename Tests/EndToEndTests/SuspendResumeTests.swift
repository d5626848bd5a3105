import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Stopping the app and bringing it back with the shell's `fg`, as a person does with Ctrl-Z or
/// as `kill -TSTP` does: the terminal is the shell's while the app is stopped, and afterwards
/// keys work as before and the screen is drawn at the terminal's current size.
@Suite("Suspend and resume, in a real terminal with job control")
struct SuspendResumeTests {
    /// A wallet on Contacts, in a bash with job control.
    private func contactsSession(width: Int = 80, height: Int = 24) async throws -> TmuxSession {
        let session = try await TmuxSession(arguments: ["--network-delay", "0.3"], width: width, height: height, jobControl: true)
        try await session.waitFor(text: "€ 5,432.01")
        try await session.send(keys: "n")
        try await session.waitUntil("Contacts with all five contacts") { screen in
            contactNames.allSatisfy(screen.contains) && screen.contains("Cancel")
        }
        return session
    }

    /// After `fg`: Down moves the selection from Alan Johnson to Brian Freeman (it does not
    /// close Contacts as a lone Esc would), Enter opens his Amount, and q quits cleanly.
    private func expectKeysWork(_ session: TmuxSession) async throws {
        try await session.send(keys: "Down")
        try await session.send(keys: "Enter")
        // A Down read as Esc closes Contacts, and Enter then opens it again at Alan Johnson.
        try await session.waitUntil("Amount for Brian Freeman, after Down and Enter") {
            $0.contains("Amount") && $0.contains("Brian Freeman")
        }
        try await session.send(keys: "C-c")
        let ending = try await session.waitForEnding()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }

    @Test("After kill -TSTP and fg, Down on Contacts moves the selection instead of closing it")
    func arrowsWorkAfterStopAndFg() async throws {
        let session = try await contactsSession()
        defer { session.kill() }

        let pid = try await session.walletPID()
        try #require(kill(pid, SIGTSTP) == 0, "kill -TSTP \(pid) failed: errno \(errno)")
        // The shell has the terminal back, in its own screen, with the app stopped.
        let stopped = try await session.waitFor(text: "Stopped")
        #expect(!stopped.contains("Alan Johnson"), "the app's screen stayed up while it was stopped:\n\(stopped)")

        try await session.resume()
        try await session.waitUntil("Contacts again after fg") { screen in
            contactNames.allSatisfy(screen.contains) && screen.contains("Cancel")
        }
        try await expectKeysWork(session)
    }

    @Test("A resize while the app is stopped is drawn at the new size after fg")
    func resizeWhileStopped() async throws {
        let session = try await contactsSession()
        defer { session.kill() }

        let pid = try await session.walletPID()
        try #require(kill(pid, SIGTSTP) == 0, "kill -TSTP \(pid) failed: errno \(errno)")
        try await session.waitFor(text: "Stopped")
        try await session.resize(width: 50, height: 20)
        try await session.resume()

        // Redrawn, not cropped: each row ends with its disclosure indicator inside 50 columns,
        // and the navigation bar's rule spans exactly the new width.
        let rule = String(repeating: "─", count: 50)
        let screen = try await session.waitUntil("Contacts redrawn at 50x20 after fg") { screen in
            let lines = screen.lines
            return lines.contains { $0 == rule }
                && contactNames.allSatisfy { name in lines.contains { $0.contains(name) && $0.contains("›") } }
        }
        for line in screen.lines {
            #expect(line.count <= 50, "a line of \(line.count) columns: \(line)")
        }
        try await expectKeysWork(session)
    }

    @Test("Ctrl-Z suspends the app and gives the shell the terminal; fg brings it back working")
    func controlZSuspends() async throws {
        let session = try await contactsSession()
        defer { session.kill() }

        let stopped = try await session.send("C-z", thenWaitFor: "Stopped")
        #expect(!stopped.contains("Alan Johnson"), "the app's screen stayed up while it was stopped:\n\(stopped)")
        // The shell reads a line as usual: the terminal was restored before the app stopped.
        try await session.type("echo typed-$((6*7))")
        try await session.send("Enter", thenWaitFor: "typed-42")

        try await session.resume()
        try await session.waitUntil("Contacts again after fg") { screen in
            contactNames.allSatisfy(screen.contains) && screen.contains("Cancel")
        }
        try await expectKeysWork(session)
    }

    @Test("After kill -STOP, which no handler sees, and fg, SIGCONT alone brings the screen and the keys back")
    func stopSignalThenFg() async throws {
        let session = try await contactsSession()
        defer { session.kill() }

        let pid = try await session.walletPID()
        try #require(kill(pid, SIGSTOP) == 0, "kill -STOP \(pid) failed: errno \(errno)")
        try await session.waitFor(text: "Stopped")
        try await session.resume()
        try await session.waitUntil("Contacts again after fg") { screen in
            contactNames.allSatisfy(screen.contains) && screen.contains("Cancel")
        }
        try await expectKeysWork(session)
    }
}
