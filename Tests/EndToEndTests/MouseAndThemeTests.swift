import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The mouse and the themes in a real terminal (tmux): the app turns the terminal's mouse
/// reporting on, clicks arrive as xterm's SGR sequences (what tmux passes on from a mouse, typed
/// here into the pane), and every way out turns the reporting off again, so that the shell never
/// receives mouse sequences.
@Suite("Mouse and themes, in a real terminal")
struct MouseAndThemeTests {
    @Test("Clicks on New Transfer, a contact and Send make the transfer; after q mouse reporting is off")
    func clickThroughSend() async throws {
        let session = try await TmuxSession.wallet()
        defer { session.kill() }
        #expect(try await session.mouseReporting(), "mouse reporting is off while the app runs")
        try await session.click("New Transfer")
        try await session.waitUntil("Contacts, after a click on New Transfer") { $0.contains("Cancel") && $0.contains("Julia Henry") }
        try await session.click("Heather Morgan")
        try await session.waitUntil("Amount for Heather Morgan, after a click on her row") { $0.contains("Sent to: Heather Morgan") }
        try await session.type("12.34")
        try await session.click("Send")
        try await session.waitUntil("the wallet with the transfer, after a click on Send") {
            $0.contains("-€ 12.34") && $0.contains("€ 5,419.67") && !$0.contains("Amount")
        }
        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
        #expect(try await !session.mouseReporting(), "mouse reporting stayed on after q:\n\(ending.screen)")
    }

    @Test("A click on Cancel unwinds; Ctrl-Z turns mouse reporting off for the shell, fg turns it on")
    func cancelAndSuspend() async throws {
        let session = try await TmuxSession.wallet(arguments: [], jobControl: true)
        defer { session.kill() }
        try await session.send("n", thenWaitFor: "Julia Henry")
        try await session.click("Cancel")
        try await session.waitUntil("the wallet, after a click on Cancel") { $0.contains("€ 5,432.01") && !$0.contains("Julia Henry") }

        try await session.send("C-z", thenWaitFor: "Stopped")
        #expect(try await !session.mouseReporting(), "mouse reporting stayed on while the app is stopped")
        try await session.resume()
        try await session.waitFor(text: "€ 5,432.01")
        #expect(try await session.mouseReporting(), "mouse reporting is off after fg")
        try await session.click("New Transfer")
        try await session.waitFor(text: "Julia Henry")
        try await session.send(keys: "C-c")
        let ending = try await session.waitForEnding()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        #expect(try await !session.mouseReporting())
    }

    @Test("The wheel moves the selection on Contacts as Down and Up do")
    func wheel() async throws {
        let session = try await TmuxSession.wallet(arguments: [])
        defer { session.kill() }
        try await session.send("n", thenWaitFor: "Julia Henry")
        // SGR buttons 64 and 65: the wheel turned up and down.
        for button in [65, 65, 65, 64] {
            try await session.tmuxCommand(["send-keys", "-t", "s", "-l", "\u{1B}[<\(button);40;10M"])
        }
        try await session.send(keys: "Enter")
        try await session.waitUntil("Amount for Heather Morgan: three rows down, one up, from the first") { $0.contains("Sent to: Heather Morgan") }
    }

    @Test("--no-mouse leaves the mouse to the terminal")
    func noMouse() async throws {
        let session = try await TmuxSession.wallet(arguments: ["--no-mouse"])
        defer { session.kill() }
        #expect(try await !session.mouseReporting())
        try await session.send("n", thenWaitFor: "Julia Henry")
    }

    @Test("After SIGTERM mouse reporting is off")
    func terminatedTurnsMouseOff() async throws {
        let session = try await TmuxSession.wallet(arguments: [])
        defer { session.kill() }
        #expect(try await session.mouseReporting())
        let pid = try await session.walletPID()
        try #require(kill(pid, SIGTERM) == 0)
        let ending = try await session.waitForEnding()
        #expect(ending.exitStatus == 128 + Int(SIGTERM), "\(ending.screen)")
        #expect(try await !session.mouseReporting())
    }

    @Test("--theme in a real terminal: default dims and colours, high-contrast neither dims nor colours, mono does not colour")
    func themes() async throws {
        for (theme, dims, colours) in [("default", true, true), ("high-contrast", false, false), ("mono", true, false)] {
            let session = try await TmuxSession.wallet(arguments: ["--theme", theme])
            defer { session.kill() }
            try await session.send("n", thenWaitFor: "Julia Henry")
            // tmux writes the cells' attributes as SGR sequences: 2 dim, 30–37 a colour.
            let screen = try await session.tmuxCommand(["capture-pane", "-e", "-p", "-t", "s"])
            #expect(screen.contains("\u{1B}[2m") == dims, "\(theme): dim \(dims ? "missing" : "drawn")")
            #expect(screen.contains(/\x1B\[3[0-7]m/) == colours, "\(theme): colour \(colours ? "missing" : "drawn")")
        }
    }

    @Test("wallet --headless with <click X Y>: New Transfer, Heather Morgan, Send print what the keys print")
    func headlessClicks() async throws {
        let wallet = try WalletBinary.url()
        // At 80x24: New Transfer on row 22 from column 32; on the sheet below the wallet's two top
        // rows, Heather Morgan's row 9 and Send at 73 on row 3.
        let clicked = try await ProcessRunner.run(wallet, ["--headless", "--keys", "<click 35 22><click 10 9>12.34<click 74 3><wait 3>"])
        let typed = try await ProcessRunner.run(wallet, ["--headless", "--keys", "n<down><down><enter>12.34<enter><wait 3>"])
        #expect(clicked.status == 0, "\(clicked.standardError)")
        #expect(clicked.standardOutput.contains("-€ 12.34"), "\(clicked.standardOutput)")
        #expect(clicked.standardOutput == typed.standardOutput)
        let bad = try await ProcessRunner.run(wallet, ["--headless", "--keys", "<click 35>"])
        #expect(bad.status != 0 && bad.standardError.contains("<click X Y>"), "\(bad.standardError)")
    }

    @Test("--theme refuses anything else, saying what it takes")
    func badTheme() async throws {
        let result = try await ProcessRunner.run(try WalletBinary.url(), ["--headless", "--theme", "bright"], timeout: .seconds(30))
        #expect(result.status != 0)
        #expect(result.standardError.contains("default") && result.standardError.contains("high-contrast") && result.standardError.contains("mono"), "\(result.standardError)")
    }
}

extension TmuxSession {
    /// Whether the app in the pane asked the terminal to report the mouse.
    func mouseReporting() async throws -> Bool {
        try await tmuxCommand(["display-message", "-p", "-t", "s", "#{mouse_any_flag}"]).trimmingCharacters(in: .whitespacesAndNewlines) == "1"
    }

    /// A press and release of the first button in the middle of where `text` shows, as xterm
    /// reports them in SGR mode (columns and rows from 1).
    func click(_ text: String) async throws {
        let screen = try await capture()
        let lines = screen.lines
        guard let y = lines.firstIndex(where: { $0.contains(text) }), let range = lines[y].range(of: text) else {
            throw EndToEndError("no \(text) to click on:\n\(screen)")
        }
        let x = lines[y][..<range.lowerBound].count + text.count / 2
        try await tmuxCommand(["send-keys", "-t", "s", "-l", "\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m"])
    }
}
