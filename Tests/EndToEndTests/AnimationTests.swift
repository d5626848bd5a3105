import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

@Suite("Animations, in a real terminal")
struct AnimationTests {
    private func headless(_ arguments: [String]) async throws -> String {
        let result = try await ProcessRunner.run(try WalletBinary.url(), ["--headless"] + arguments, environment: WalletBinary.environment)
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    @Test("--headless --animations slow with <wait 0.5> prints the push part of the way; without --animations, headless prints Amount at rest")
    func headlessMidPush() async throws {
        let keys = "n<down><down><enter><wait 0.5>"
        let middle = try await headless(["--animations", "slow", "--keys", keys])
        let rest = try await headless(["--keys", keys])
        // Amount slides in over Contacts, whose row arrows it covers.
        #expect(middle.contains("Sent to: Heather Morgan") && !middle.contains("›Sent to"), "\(middle)")
        #expect(!rest.contains("›") && rest.contains("│ Sent to: Heather Morgan"), "\(rest)")
        #expect(try await headless(["--animations", "slow", "--keys", keys + "<wait 1>"]) == rest)
        #expect(try await headless(["--animations", "normal", "--keys", keys]) == rest)
    }

    @Test("--animations normal: keys sent at once during the transitions are applied after each, in order, and Send lands on the wallet")
    func keysSentDuringTransitions() async throws {
        let session = try await TmuxSession.wallet(arguments: ["--animations", "normal", "--network-delay", "0.3"])
        defer { session.kill() }
        // One write: n starts Contacts' rise, and Down Down Enter arrive while it plays; the
        // amount and Send follow at once, during the push that Enter starts.
        try await session.send(keys: "n", "Down", "Down", "Enter")
        try await session.type("12.34")
        try await session.send(keys: "Enter")

        let wallet = try await session.waitUntil("the balance € 5,419.67 and a row for Heather Morgan, -€ 12.34") { screen in
            screen.contains("€ 5,419.67") && !screen.contains("Amount")
                && screen.lines.contains { $0.contains("Heather Morgan") && $0.contains("-€ 12.34") }
        }
        #expect(wallet.lines.filter { $0.contains("-€ 12.34") }.count == 1, "\(wallet)")

        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }

    @Test("--animations slow: a resize during Contacts' rise ends it at once, drawn whole at the new size, and keys go on")
    func resizeDuringTransition() async throws {
        let session = try await TmuxSession.wallet(arguments: ["--animations", "slow"])
        defer { session.kill() }
        try await session.send(keys: "n")
        try await session.resize(width: 100, height: 30)
        let contacts = try await session.waitUntil("Contacts whole at 100x30") { screen in
            // At 100 columns the width is regular: the form sheet is a smaller card, centred, its
            // rounded top well in from the left edge: drawn for the new size.
            screen.contains("Julia Henry") && screen.contains("NL 62 MBCZ 5674 8769")
                && screen.lines.contains { $0.hasPrefix(String(repeating: " ", count: 12)) && $0.contains("╭") }
        }
        #expect(contacts.contains("Cancel"), "\(contacts)")
        // Esc is Cancel: the sheet falls, slowly, and the wallet is whole again after it.
        try await session.send(keys: "Escape")
        try await session.waitUntil("the wallet without Contacts") { !$0.contains("Julia Henry") && $0.contains("( New Transfer )") }
        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }

    @Test("--animations slow: stopped during Contacts' rise (kill -TSTP) and brought back with fg, Contacts is drawn whole and keys work")
    func suspendDuringTransition() async throws {
        let session = try await TmuxSession.wallet(arguments: ["--animations", "slow"], jobControl: true)
        defer { session.kill() }
        try await session.send("n", thenWaitFor: "Cancel")
        let pid = try await session.walletPID()
        try #require(kill(pid, SIGTSTP) == 0, "kill -TSTP \(pid) failed: errno \(errno)")
        try await session.waitFor(text: "Stopped")
        try await session.resume()
        try await session.waitUntil("Contacts whole after fg") { screen in
            contactNames.allSatisfy(screen.contains) && screen.contains("Cancel")
        }
        try await session.send(keys: "Down", "Enter")
        try await session.waitUntil("Amount for Brian Freeman") { $0.contains("Amount") && $0.contains("Sent to: Brian Freeman") }
        try await session.send(keys: "C-c")
        let ending = try await session.waitForEnding()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }
}
