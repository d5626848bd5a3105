import Foundation
import Terminal
import Testing
import Views
@testable import Wallet

/// `--demo-transactions N`: the wallet starts with a generated history, the same on every run,
/// and the sample's balance; a send adds to it as to an empty list.
@MainActor
@Suite("Demo transactions")
struct DemoTransactionsTests {
    @Test("The history is the same on every run, and the balance stays the sample's")
    func deterministicHistory() throws {
        let first = try WalletHarness(options: WalletHarness.options(demoTransactions: 1_000))
        let second = try WalletHarness(options: WalletHarness.options(demoTransactions: 1_000))
        #expect(first.wallet.transactions.count == 1_000)
        #expect(first.wallet.balance == 543_201)
        #expect(first.text.contains("€ 5,432.01"))
        #expect(first.text == second.text)
        #expect(first.wallet.transactions.map(\.amount) == second.wallet.transactions.map(\.amount))
        #expect(first.wallet.transactions.allSatisfy { (100...50_099).contains($0.amount) })
        #expect(Set(first.wallet.transactions.prefix(5).map(\.contact.name)) == ["Alan", "Brian", "Heather", "John", "Julia"])
    }

    @Test("A send after a history of a thousand is recorded after it and shown")
    func sendAfterHistory() throws {
        let harness = try WalletHarness(options: WalletHarness.options(demoTransactions: 1_000), keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>")
        #expect(harness.wallet.transactions.count == 1_001)
        #expect(harness.wallet.transactions.last?.amount == 1234)
        #expect(harness.wallet.balance == 543_201 - 1234)
        #expect(harness.text.contains("-€ 12.34") && harness.text.contains("€ 5,419.67"), "\(harness.text)")
    }
}
