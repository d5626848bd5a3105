import Testing
import Views
@testable import Wallet

/// Quitting never loses a transfer without asking, and a stray q in an alert does not quit.
@MainActor
@Suite("Quitting")
struct QuitTests {
    static let sending = WalletHarness.toHeatherMorgan + "12.34<enter>"
    static let question = "A transfer is being sent. Quit anyway?"

    @Test("Q while Sending asks first, and Enter, on the first button, keeps the app open and the transfer going")
    func qWhileSendingAsks() throws {
        let harness = try WalletHarness(keys: Self.sending + "q")
        #expect(harness.app.isRunning)
        #expect(harness.flatText.contains(Self.question))
        #expect((harness.focusedObject as? Button)?.title == "Don't Quit")
        try harness.run("<enter>")
        #expect(harness.app.isRunning)
        #expect(!harness.flatText.contains(Self.question))
        try harness.run("<wait 3>")
        #expect(harness.recorded.map(\.1) == [1234])
    }

    @Test("Esc on the question keeps the app open; choosing Quit quits")
    func escapeStaysQuitQuits() throws {
        let harness = try WalletHarness(keys: Self.sending + "q<esc>")
        #expect(harness.app.isRunning)
        #expect(harness.alert == nil)
        try harness.run("q<tab><enter>")
        #expect(!harness.app.isRunning)
    }

    @Test("Q inside an alert is not a quit key: the keys, the question, a failed transfer")
    func qInsideAlerts() throws {
        let help = try WalletHarness(keys: "<f1>q")
        #expect(help.app.isRunning)
        #expect(help.alert?.title == "Keys")
        let question = try WalletHarness(keys: Self.sending + "qq")
        #expect(question.app.isRunning)
        #expect(question.alert?.title == "Quit?")
        let failed = try WalletHarness(options: WalletHarness.options(failureRate: 1), keys: Self.sending + "<wait 3>q")
        #expect(failed.app.isRunning)
        #expect(failed.alert?.title == "Transfer failed")
    }

    @Test("Ctrl-C while Sending asks once; a second Ctrl-C quits")
    func controlCWhileSending() throws {
        let harness = try WalletHarness(keys: Self.sending + "<c-c>")
        #expect(harness.app.isRunning)
        #expect(harness.flatText.contains(Self.question))
        try harness.run("<c-c>")
        #expect(!harness.app.isRunning)
    }

    @Test("Ctrl-C and q quit at once when nothing is under way, Ctrl-C from inside an alert too")
    func quitAtOnceWhenIdle() throws {
        #expect(try !WalletHarness(keys: "q").app.isRunning)
        #expect(try !WalletHarness(keys: "<f1><c-c>").app.isRunning)
        #expect(try !WalletHarness(keys: Self.sending + "<wait 3>q").app.isRunning)
    }

    @Test("The question gives way when the transfer ends: to the wallet when it went, to the failure when it did not")
    func questionGivesWayToTheOutcome() throws {
        let sent = try WalletHarness(keys: Self.sending + "q<wait 3>")
        #expect(sent.app.isRunning && sent.alert == nil)
        #expect(sent.recorded.map(\.1) == [1234])
        let failed = try WalletHarness(options: WalletHarness.options(failureRate: 1), keys: Self.sending + "q<wait 3>")
        #expect(failed.alert?.title == "Transfer failed")
        #expect(failed.app.reportedErrors.isEmpty)
        let helpThenFailed = try WalletHarness(options: WalletHarness.options(failureRate: 1), keys: Self.sending + "<f1><wait 3>")
        #expect(helpThenFailed.alert?.title == "Transfer failed")
        #expect(helpThenFailed.app.reportedErrors.isEmpty)
    }
}
