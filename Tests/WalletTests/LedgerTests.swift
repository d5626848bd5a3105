import Foundation
import Navigation
import Testing
import Views
@testable import Wallet

/// The wallet is the ledger: it records a transaction only when it can, whatever the storyboard
/// let through on the way, and says so when it does not.
@MainActor
@Suite("The ledger")
struct LedgerTests {
    static let alan = Contact(name: "Alan", surname: "Johnson", account: "NL 34 EFGH 9876 5432")

    @Test("The ledger refuses more than the balance, zero or less, and what would overflow, and changes nothing")
    func ledgerRefuses() {
        var ledger = Ledger(balance: 543_201)
        let refused = [543_202, 0, -5, Int.max, Int.min].map { Transaction(amount: $0, contact: Self.alan) }
        for transaction in refused {
            #expect(throws: Ledger.Refusal.self) { try ledger.record(transaction) }
        }
        #expect(ledger == Ledger(balance: 543_201))
        var overdrawn = Ledger(balance: -2)
        #expect(throws: Ledger.Refusal.overflow(Transaction(amount: .max, contact: Self.alan), balance: -2)) {
            try overdrawn.record(Transaction(amount: .max, contact: Self.alan))
        }
    }

    @Test("The ledger records what the balance holds, down to zero")
    func ledgerRecords() throws {
        var ledger = Ledger(balance: 543_201)
        try ledger.record(Transaction(amount: 1234, contact: Self.alan))
        try ledger.record(Transaction(amount: 541_967, contact: Self.alan))
        #expect(ledger.balance == 0)
        #expect(ledger.transactions.map(\.amount) == [1234, 541_967])
    }

    // MARK: Storyboards that skip Amount's check

    /// `Assets/Main.storyboard` with one edit, written to a temporary file.
    private func mainStoryboard(replacing original: String, with replacement: String) throws -> URL {
        let xml = try String(contentsOf: WalletApp.mainStoryboardURL, encoding: .utf8)
        #expect(xml.contains(original), "the edit must apply to Assets/Main.storyboard")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("Ledger-\(UUID().uuidString).storyboard")
        try xml.replacingOccurrences(of: original, with: replacement).write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// New Transfer as a `show` segue straight to Contacts: pushed on the wallet's stack, so the
    /// wallet's `prepare` finds no navigation controller and the balance never reaches Amount.
    private func showSegueToContacts() throws -> URL {
        try mainStoryboard(replacing: #"<segue destination="Cxl-qa-ulW" kind="presentation" id="2WG-8X-iFf"/>"#,
                           with: #"<segue destination="tdE-0b-jJ0" kind="show" id="2WG-8X-iFf"/>"#)
    }

    @Test("When the balance never reaches Amount, the wallet refuses a transfer above it, says so, and records nothing")
    func moreThanTheBalanceIsRefused() throws {
        let url = try showSegueToContacts()
        defer { try? FileManager.default.removeItem(at: url) }
        let harness = try WalletHarness(options: WalletHarness.options(storyboard: url), keys: "n<enter>99999<enter><wait 3>")
        #expect(harness.wallet.balance == 543_201)
        #expect(harness.wallet.transactions.isEmpty)
        #expect(!harness.text.contains("94,566.99"))
        #expect(harness.alert?.title == "Transfer not recorded")
        #expect(harness.flatText.contains("€ 99,999.00 to Alan Johnson is more than the balance of € 5,432.01. Nothing was recorded"))
        try harness.run("<esc>")
        #expect(harness.alert == nil)
        #expect(harness.text.contains("€ 5,432.01"))
        // What the balance holds is still recorded.
        try harness.run("n<enter>12.34<enter><wait 3>")
        #expect(harness.wallet.transactions.map(\.amount) == [1234])
        #expect(harness.alert == nil)
    }

    @Test("Two transfers of 92233720368547758.07 neither crash nor change the balance")
    func hugeTransfersDoNotOverflow() throws {
        let url = try showSegueToContacts()
        defer { try? FileManager.default.removeItem(at: url) }
        let huge = "n<enter>92233720368547758.07<enter><wait 3>"
        let harness = try WalletHarness(options: WalletHarness.options(storyboard: url), keys: huge + "<esc>" + huge)
        #expect(harness.app.isRunning)
        #expect(harness.wallet.balance == 543_201)
        #expect(harness.wallet.transactions.isEmpty)
        #expect(harness.alert?.title == "Transfer not recorded")
    }

    @Test("An unwind no controller accepts tells the user, and the screen it started from stays")
    func abortedUnwindIsTold() throws {
        // Contacts' navigation controller as the initial scene: no wallet behind Amount or Contacts.
        let url = try mainStoryboard(replacing: #"initialViewController="i3j-Pr-QZa""#, with: #"initialViewController="Cxl-qa-ulW""#)
        defer { try? FileManager.default.removeItem(at: url) }
        let harness = try WalletHarness(options: WalletHarness.options(storyboard: url), keys: "<enter>12.34<enter><wait 3>")
        #expect(harness.alert?.title == "Something went wrong")
        #expect(harness.flatText.contains("unwinds with sendTransaction:, but no screen behind it accepts that action, so nothing happened"))
        #expect(harness.app.reportedErrors.count == 1)
        try harness.run("<esc>")
        let amount = try #require(harness.window.topViewController as? NavigationController).topViewController as? TransactionViewController
        #expect(amount?.amountTextField.text == "12.34")
        #expect(amount?.amountTextField.isEnabled == true)
        // Cancel on Contacts has nowhere to go either, and says so.
        try harness.run("<esc><esc>")
        #expect(harness.flatText.contains("unwinds with cancel:"))
        #expect(harness.app.reportedErrors.count == 2)
    }
}
