import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Terminal restoration, signals and resizing, in a real terminal")
struct TerminalRestorationTests {
    @Test("SIGTERM ends the app, restores the terminal and reports the signal in the exit status (128 + 15)")
    func sigtermRestoresTheTerminal() async throws {
        let session = try await TmuxSession.wallet()
        defer { session.kill() }
        try await session.send("n", thenWaitFor: "Alan Johnson")
        let pid = try await session.walletPID()
        try #require(kill(pid, SIGTERM) == 0, "kill -TERM \(pid) failed: errno \(errno)")

        let ending = try await session.waitForEnding()
        expectTerminalRestored(ending)
        // The shell convention, and what CursesTerminal.terminationSignal documents itself for
        // ("for an exit status of 128 + signal"): a run stopped by SIGTERM must not look like a
        // clean quit.
        #expect(ending.exitStatus == 128 + Int(SIGTERM), "a SIGTERM'd wallet exited with \(ending.exitStatus):\n\(ending.screen)")
        #expect(kill(pid, 0) != 0, "the wallet (pid \(pid)) is still running")
    }

    @Test("Ctrl-C while the amount field has focus quits (q there is just typed) and restores the terminal")
    func controlCInTheTextField() async throws {
        let session = try await TmuxSession.wallet()
        defer { session.kill() }
        try await session.send("n", thenWaitFor: "Alan Johnson")
        try await session.send(keys: "Enter")
        try await session.waitUntil("Amount for Alan Johnson") { $0.contains("Amount") && $0.contains("Sent to: Alan Johnson") }
        try await session.type("1q")
        // q went into the field: the app is still there.
        try await session.waitFor(text: "€ 1q")
        try await session.send(keys: "C-c")

        let ending = try await session.waitForEnding()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }

    @Test("Resizing to 50x20 while Contacts is shown redraws Contacts at the new size")
    func resizeRedrawsContacts() async throws {
        let session = try await TmuxSession.wallet()
        defer { session.kill() }
        try await session.send(keys: "n")
        try await session.waitUntil("Contacts with all five contacts") { screen in
            contactNames.allSatisfy(screen.contains) && screen.contains("Contacts")
        }
        try await session.resize(width: 50, height: 20)

        // Redrawn, not cropped: each row ends with its disclosure indicator inside 50 columns,
        // and the navigation bar's rule spans exactly the new width.
        let rule = String(repeating: "─", count: 50)
        let screen = try await session.waitUntil("Contacts redrawn at 50x20") { screen in
            let lines = screen.lines
            return lines.contains { $0 == rule }
                && contactNames.allSatisfy { name in lines.contains { $0.contains(name) && $0.contains("›") } }
        }
        #expect(screen.contains("Contacts"))
        #expect(screen.contains("Cancel"))
        for line in screen.lines {
            #expect(line.count <= 50, "a line of \(line.count) columns: \(line)")
        }

        // Still working at the new size.
        try await session.send(keys: "Escape")
        try await session.waitUntil("the Wallet at 50x20") { $0.contains("€ 5,432.01") && !$0.contains("Contacts") }
        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }

    @Test("A 20x6 window shows \"Terminal too small\" without crashing; growing back shows the app again")
    func tinyWindowThenBack() async throws {
        let session = try await TmuxSession.wallet()
        defer { session.kill() }
        let pid = try await session.walletPID()
        try await session.resize(width: 20, height: 6)
        let tiny = try await session.waitFor(text: "Terminal too small")
        #expect(!tiny.contains("E2E-EXIT"))
        #expect(kill(pid, 0) == 0, "the wallet (pid \(pid)) is gone after the window shrank")

        try await session.resize(width: 80, height: 24)
        let back = try await session.waitUntil("the Wallet again at 80x24") {
            $0.contains("€ 5,432.01") && $0.contains("New Transfer") && !$0.contains("Terminal too small")
        }
        #expect(back.contains("NL 12 ABCD 1234 5678 90"))

        // And it still answers keys.
        try await session.send("n", thenWaitFor: "Heather Morgan")
        try await session.send(keys: "Escape")
        try await session.waitUntil("the Wallet after Cancel") { $0.contains("€ 5,432.01") && !$0.contains("Contacts") }
        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }

    @Test("q quits from the \"Terminal too small\" screen, as it says")
    func quitWhileTooSmall() async throws {
        let session = try await TmuxSession.wallet(arguments: [])
        defer { session.kill() }
        try await session.resize(width: 20, height: 6)
        try await session.waitFor(text: "Terminal too small")
        try await session.send(keys: "q")
        try await session.resize(width: 80, height: 24)
        let ending = try await session.waitForEnding()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }
}
