import App
import Foundation
import Navigation
import Terminal
import Testing
import Views
@testable import Wallet

/// The sample's flows as a user drives them with keys, checked on the screen and in the app's state.
@MainActor
@Suite struct WalletFlowTests {
    static let launchBalance = 543201

    // MARK: Send

    @Test("Send 12.34 to Heather Morgan: after the request the wallet shows € 5,419.67 and the row")
    func sendTransfer() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 2>")
        #expect(harness.modal == nil)
        #expect(harness.wallet.balance == 541967)
        #expect(harness.recorded.map(\.0) == ["Heather Morgan"])
        #expect(harness.recorded.map(\.1) == [1234])
        #expect(harness.text.contains("€ 5,419.67"))
        let row = try #require(harness.lines.first { $0.contains("Heather Morgan") })
        #expect(row.contains("(HM)"))
        #expect(row.contains("-€ 12.34"))
        #expect(harness.text.contains("NL 98 QWER 0864 9753"))
        #expect(harness.app.reportedErrors.isEmpty)
    }

    @Test("Before the delay has passed the screen says Sending… and nothing is recorded")
    func sendingBeforeTheDelay() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 1.9>")
        #expect(harness.text.contains("Sending…"))
        #expect(harness.amount != nil)
        #expect(harness.recorded.isEmpty)
        #expect(harness.wallet.balance == Self.launchBalance)
        #expect(harness.amount?.amountTextField.isEnabled == false)
        #expect(harness.amount?.navigationItem.rightBarButtonItem?.isEnabled == false)

        try harness.run("<wait 0.1>")
        #expect(harness.amount == nil)
        #expect(harness.recorded.count == 1)
        #expect(harness.text.contains("€ 5,419.67"))
    }

    @Test("A second Enter while sending starts no second request")
    func secondEnterWhileSending() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 1><enter><enter>")
        #expect(harness.scheduler.timeUntilNextTimer == 1)
        try harness.run("<wait 5>")
        #expect(harness.recorded.count == 1)
        #expect(harness.wallet.balance == 541967)
        #expect(harness.lines.filter { $0.contains("Heather Morgan") }.count == 1)
        #expect(harness.scheduler.timeUntilNextTimer == nil)
    }

    @Test("0.29 costs exactly 29 cents")
    func twentyNineCents() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan + "0.29<enter><wait 2>")
        #expect(harness.recorded.map(\.1) == [29])
        #expect(harness.wallet.balance == Self.launchBalance - 29)
        #expect(harness.text.contains("€ 5,431.72"))
        #expect(harness.text.contains("-€ 0.29"))
    }

    @Test("Two transfers: the second sees the new balance and adds a second row")
    func twoTransfers() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 2>" + "n<enter>1<enter><wait 2>")
        #expect(harness.recorded.map(\.0) == ["Heather Morgan", "Alan Johnson"])
        #expect(harness.text.contains("€ 5,418.67"))
        #expect(harness.text.contains("-€ 1.00"))
    }

    // MARK: Cancel and Back

    @Test("Cancel (Esc) on Contacts shows the wallet with balance and rows unchanged")
    func cancelOnContacts() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 2>")
        let before = harness.text
        try harness.run("n<down><esc>")
        #expect(harness.modal == nil)
        #expect(harness.window.topViewController === harness.walletNavigation)
        #expect(harness.wallet.balance == 541967)
        #expect(harness.recorded.count == 1)
        #expect(harness.text == before)
    }

    @Test("Back (Esc) on Amount pops to Contacts, with no unwind")
    func backOnAmount() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan + "12")
        harness.clearEvents()
        try harness.run("<esc>")
        #expect(harness.amount == nil)
        #expect(harness.modal?.topViewController === harness.contacts)
        #expect(harness.text.contains("Contacts"))
        #expect(harness.text.contains("Cancel"))
        #expect(harness.events.contains { if case .transition(.pop) = $0 { return true } else { return false } })
        #expect(!harness.events.contains { if case .unwindStarted = $0 { return true } else { return false } })
        #expect(!harness.events.contains { if case .prepare = $0 { return true } else { return false } })
        #expect(harness.recorded.isEmpty)
    }

    // MARK: Refusals

    @Test("Each refusal keeps the user on Amount with its message and records nothing", arguments: [
        ("", "Enter an amount to send."),
        ("abc", "\"abc\" is not an amount: type digits, with . for cents, as in 12.34."),
        ("0", "Enter an amount above zero."),
        ("-5", "Enter an amount above zero."),
        ("1.234", "Use at most two decimals (cents)."),
        ("6000", "That is more than your balance of € 5,432.01: enter a smaller amount."),
        ("5432.02", "That is more than your balance of € 5,432.01: enter a smaller amount."),
        // An amount too large is refused as it is typed (TypingCostTests), before Send.
    ])
    func refusal(typed: String, message: String) throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan + typed + "<enter><wait 5>")
        let amount = try #require(harness.amount)
        #expect(harness.window.topViewController === harness.modal)
        #expect(amount.statusLabel.text == message)
        #expect(harness.flatText.contains(message))
        #expect(amount.amountTextField.text ?? "" == typed)
        #expect(harness.recorded.isEmpty)
        #expect(harness.wallet.balance == Self.launchBalance)
        #expect(harness.scheduler.timeUntilNextTimer == nil)
    }

    @Test("The whole balance can be sent")
    func wholeBalance() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan + "5432.01<enter><wait 2>")
        #expect(harness.wallet.balance == 0)
        #expect(harness.text.contains("€ 0.00"))
    }

    // MARK: Failures

    @Test("A failed request shows the alert and records nothing; Cancel returns to Amount with the amount typed")
    func failureThenCancel() throws {
        let harness = try WalletHarness(options: WalletHarness.options(failureRate: 1),
                                        keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 2>")
        let alert = try #require(harness.alert)
        #expect(alert.title == "Transfer failed")
        #expect(harness.text.contains("Transfer failed"))
        #expect(harness.recorded.isEmpty)
        #expect(harness.wallet.balance == Self.launchBalance)

        try harness.run("<esc>")
        let amount = try #require(harness.amount)
        #expect(harness.alert == nil)
        #expect(harness.window.topViewController === harness.modal)
        #expect(amount.amountTextField.text == "12.34")
        #expect(harness.text.contains("€ 12.34"))
        #expect(harness.text.contains("‹ Contacts"))
        #expect(harness.recorded.isEmpty)
        // Typing goes into the field again.
        try harness.run("<bs>5")
        #expect(amount.amountTextField.text == "12.35")
    }

    @Test("Choosing Cancel with Tab and Enter also returns to Amount")
    func failureThenCancelButton() throws {
        let harness = try WalletHarness(options: WalletHarness.options(failureRate: 1),
                                        keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 2><tab><enter>")
        #expect(harness.alert == nil)
        #expect(harness.amount?.amountTextField.text == "12.34")
        #expect(harness.scheduler.timeUntilNextTimer == nil)
        #expect(harness.recorded.isEmpty)
    }

    @Test("Try Again after a failure that keeps failing shows the alert again, still recording nothing")
    func failureTryAgainFailsAgain() throws {
        let harness = try WalletHarness(options: WalletHarness.options(failureRate: 1),
                                        keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 2><enter>")
        #expect(harness.alert == nil)
        #expect(harness.text.contains("Sending…"))
        try harness.run("<wait 2>")
        #expect(harness.alert != nil)
        #expect(harness.recorded.isEmpty)
    }

    /// A seed whose first request fails and second succeeds at a failure rate of one half.
    static func seedFailingThenSucceeding() throws -> UInt64 {
        try #require((UInt64(0)..<1000).first { seed in
            var random = SeededRandom(seed: seed)
            let first = Double.random(in: 0..<1, using: &random)
            let second = Double.random(in: 0..<1, using: &random)
            return first < 0.5 && second >= 0.5
        })
    }

    @Test("A failure then Try Again that succeeds records exactly one transaction")
    func failureThenTryAgainSucceeds() throws {
        let seed = try Self.seedFailingThenSucceeding()
        let harness = try WalletHarness(options: WalletHarness.options(failureRate: 0.5, seed: seed),
                                        keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 2>")
        try #require(harness.alert != nil, "seed \(seed) should make the first request fail")
        #expect(harness.recorded.isEmpty)

        try harness.run("<enter>")   // Try Again has focus
        #expect(harness.alert == nil)
        #expect(harness.text.contains("Sending…"))
        #expect(harness.recorded.isEmpty)

        try harness.run("<wait 2><wait 10>")
        #expect(harness.modal == nil)
        #expect(harness.recorded.map(\.1) == [1234])
        #expect(harness.wallet.balance == 541967)
        #expect(harness.lines.filter { $0.contains("Heather Morgan") }.count == 1)
        #expect(harness.text.contains("€ 5,419.67"))
    }

    // MARK: Locale

    @Test("nl_NL formats € 5.432,01 and accepts 12,34")
    func dutch() throws {
        let harness = try WalletHarness(options: WalletHarness.options(locale: "nl_NL"))
        #expect(harness.text.contains("€\u{A0}5.432,01"))
        try harness.run(WalletHarness.toHeatherMorgan)
        #expect(harness.text.contains("0,00"))
        try harness.run("12,34<enter><wait 2>")
        #expect(harness.recorded.map(\.1) == [1234])
        #expect(harness.text.contains("€\u{A0}5.419,67"))
    }

    @Test("nl_NL shows the row's amount as its own format writes a negative amount, € -12,34")
    func dutchRowAmount() throws {
        let harness = try WalletHarness(options: WalletHarness.options(locale: "nl_NL"),
                                        keys: WalletHarness.toHeatherMorgan + "12,34<enter><wait 2>")
        let expected = MoneyFormat(locale: Locale(identifier: "nl_NL")).string(fromCents: -1234)
        #expect(expected == "€\u{A0}-12,34")
        let row = try #require(harness.lines.first { $0.contains("Heather Morgan") })
        #expect(row.hasSuffix(expected), "row: \(row)")
    }

    // MARK: Focus and keys

    @Test("At launch New Transfer has focus, and Enter on it presents Contacts")
    func focusAtLaunch() throws {
        let harness = try WalletHarness()
        let button = try #require(harness.focusedObject as? Button)
        #expect(button.title == "New Transfer")
        try harness.run("<enter>")
        #expect(harness.contacts != nil)
        #expect(harness.window.topViewController === harness.modal)
    }

    @Test("Contacts opens with the first row selected and focused; Enter opens Alan Johnson")
    func contactsFirstRow() throws {
        let harness = try WalletHarness(keys: "n")
        let contacts = try #require(harness.contacts)
        #expect(contacts.tableView.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
        #expect(harness.focusedObject === contacts.tableView)
        try harness.run("<enter>")
        #expect(harness.amount?.contact?.name == "Alan")
        #expect(harness.text.contains("Sent to: Alan Johnson"))
    }

    @Test("Amount opens with the text field focused: typing goes into it")
    func amountFieldFocused() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan)
        let amount = try #require(harness.amount)
        #expect(harness.focusedObject === amount.amountTextField)
        try harness.run("42.5")
        #expect(amount.amountTextField.text == "42.5")
        #expect(harness.text.contains("€ 42.5"))
    }

    @Test("q quits from the wallet")
    func qQuitsFromWallet() throws {
        let harness = try WalletHarness(keys: "q")
        #expect(!harness.app.isRunning)
    }

    @Test("q in the text field types a q and does not quit")
    func qTypesInTextField() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan + "q")
        #expect(harness.app.isRunning)
        #expect(harness.amount?.amountTextField.text == "q")
    }

    // While a transfer is being sent Ctrl-C asks first (QuitTests).
    @Test("Ctrl-C quits at once wherever nothing is being sent", arguments: [
        "", "n", WalletHarness.toHeatherMorgan, WalletHarness.toHeatherMorgan + "12", WalletHarness.toHeatherMorgan + "12<enter><wait 3>", "<f1>",
    ])
    func controlCQuits(keys: String) throws {
        let harness = try WalletHarness(keys: keys)
        #expect(harness.app.isRunning)
        try harness.run("<c-c>")
        #expect(!harness.app.isRunning)
    }

    @Test("Ctrl-C quits from the failure alert")
    func controlCQuitsFromAlert() throws {
        let harness = try WalletHarness(options: WalletHarness.options(failureRate: 1),
                                        keys: WalletHarness.toHeatherMorgan + "1<enter><wait 2>")
        #expect(harness.alert != nil)
        try harness.run("<c-c>")
        #expect(!harness.app.isRunning)
    }

    @Test("Down on Contacts rewrites far fewer cells than the screen holds")
    func smallChangeWritesFewCells() throws {
        let harness = try WalletHarness(keys: "n")
        #expect(harness.terminal.writes.first == harness.screenArea)
        try harness.run("<down>")
        let written = try #require(harness.terminal.writes.last)
        #expect(written == harness.app.lastRenderChangeCount)
        #expect(written > 0)
        // A contact's cell is two lines tall: Down restyles the row it leaves and the row it
        // selects, four lines of the modal's width, and nothing else.
        #expect(written <= 4 * harness.terminal.size.width, "Down wrote \(written) cells of \(harness.screenArea)")
        #expect(written < harness.screenArea / 5)
        #expect(harness.contacts?.tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
    }

    // MARK: Scripts in steps

    @Test("A second key script on the running app makes the wallet appear only when it was covered (iOS 12), never under a sheet")
    func scriptsInSteps() throws {
        let terminal = MemoryTerminal(size: WalletHarness.regular)
        let app = try WalletApp.makeApplication(options: WalletOptions(), backend: terminal, scheduler: Scheduler(clock: .manual))
        var appearances: [String] = []
        app.window.addObserver { event in
            if case .lifeCycle(.viewWillAppear, let controller) = event { appearances.append(controller.className) }
        }
        app.run(script: try KeyNotation.parse("n"))
        appearances.removeAll()
        app.run(script: try KeyNotation.parse("<down><down><enter>12.34<enter><wait 2>"))
        #expect(appearances.filter { $0 == "WalletViewController" }.isEmpty, "a sheet keeps the wallet on screen: \(appearances)")
        #expect(terminal.text.contains("€ 5,419.67"), "the balance label is stale:\n\(terminal.text)")
    }

    // MARK: A terminal too small

    @Test("While the terminal is too small keys do nothing unseen; once it grows they work again")
    func keysWaitForRoom() throws {
        let harness = try WalletHarness(size: Size(width: 20, height: 6), keys: "n<enter>")
        #expect(harness.modal == nil)
        #expect(harness.text.contains("Terminal too small"))
        harness.terminal.size = WalletHarness.regular
        harness.app.handle(.resize)
        try harness.run("n")
        #expect(harness.modal != nil)
        #expect(harness.text.contains("Contacts"))
    }
}

/// Going back from Amount and choosing again, as a presenter does on stage.
@MainActor
@Suite("Back and choose again")
struct BackAndChooseAgainTests {
    @Test("Esc on the second Amount goes back to Contacts, and on every Amount after it")
    func escapeOnEveryAmount() throws {
        let harness = try WalletHarness(size: Size(width: 80, height: 12), keys: "n<enter><esc>")
        for visit in 2...20 {
            try harness.run(visit % 2 == 0 ? "<enter>" : "<down><enter>")
            #expect(harness.amount != nil, "visit \(visit): Amount shows")
            try harness.run("<esc>")
            #expect(harness.amount == nil, "visit \(visit): Esc left Amount")
            if harness.amount != nil { return }
        }
    }

    @Test("The ‹ Contacts button on the second Amount goes back too")
    func backButtonOnSecondAmount() throws {
        let harness = try WalletHarness(size: Size(width: 80, height: 12), keys: "n<enter><esc><down><enter>")
        #expect(harness.amount?.contact?.name == "Brian")
        // Tab from the text field: Back is the first focus stop, before Send.
        try harness.run("<tab>")
        #expect((harness.focusedObject as? BarButtonItem)?.displayTitle == "Contacts")
        try harness.run("<enter>")
        #expect(harness.amount == nil)
        #expect(harness.contacts?.tableView.indexPathForSelectedRow?.row == 1)
    }
}

extension BackAndChooseAgainTests {
    @Test("Nothing kept for a closed screen outlives it: its controller and the view that had focus go")
    func closedScreensAreReleased() throws {
        let harness = try WalletHarness(keys: "n<enter><tab>")
        weak var amount: TransactionViewController?
        weak var field: TextField?
        weak var backItem: BarButtonItem?
        do {
            amount = harness.amount
            field = harness.amount?.amountTextField
            backItem = harness.focusedObject as? BarButtonItem
        }
        #expect(amount != nil && field != nil && backItem != nil)
        try harness.run("<enter><esc>")
        #expect(harness.text.contains("New Transfer"))
        #expect(amount == nil)
        #expect(field == nil)
        #expect(backItem == nil)
    }
}
