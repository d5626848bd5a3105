import Foundation
import Navigation
import SnapshotTesting
import Terminal
import Testing
import Views
@testable import Wallet

/// The storyboard written for the iOS sample (`Fixtures/iOSSample.storyboard`, unchanged) runs the
/// wallet: its class names, outlets, segues and unwind actions are the sample's.
@MainActor
@Suite(.snapshots(record: screenSnapshotRecording))
struct SampleStoryboardTests {
    private func sampleOptions(failureRate: Double = 0) throws -> WalletOptions {
        WalletHarness.options(failureRate: failureRate, storyboard: try WalletHarness.sampleStoryboardURL)
    }

    @Test("The fixture is bundled with the tests and is the sample's storyboard")
    func fixtureIsBundled() throws {
        let url = try WalletHarness.sampleStoryboardURL
        #expect(url.lastPathComponent == "iOSSample.storyboard")
        #expect(url.deletingLastPathComponent().lastPathComponent == "Fixtures")
        let xml = try String(contentsOf: url, encoding: .utf8)
        #expect(xml.contains("unwindAction=\"sendTransaction:\""))
        #expect(xml.contains("unwindAction=\"cancel:\""))
        #expect(xml.contains("identifier=\"SendTransactionSegue\""))
    }

    @Test("It loads unchanged: Wallet in its navigation controller, balance shown, no errors")
    func loads() throws {
        let harness = try WalletHarness(options: try sampleOptions())
        #expect(harness.app.reportedErrors.isEmpty)
        #expect(harness.wallet.amountLabel.text == "€ 5,432.01")
        #expect(harness.text.contains("Wallet"))
        #expect(harness.text.contains("€ 5,432.01"))
        #expect(harness.text.contains("NL 12 ABCD 1234 5678 90"))
        #expect(harness.text.contains("New Transfer"))
    }

    @Test("The Send flow works with it: balance and row")
    func sendFlow() throws {
        let harness = try WalletHarness(options: try sampleOptions(), keys: WalletHarness.toHeatherMorgan)
        #expect(harness.amount?.contactNameLabel.text == "Heather Morgan")
        try harness.run("12.34<enter><wait 1>")
        #expect(harness.recorded.isEmpty)
        try harness.run("<wait 1>")
        #expect(harness.modal == nil)
        #expect(harness.recorded.map(\.0) == ["Heather Morgan"])
        #expect(harness.recorded.map(\.1) == [1234])
        #expect(harness.text.contains("€ 5,419.67"))
        let row = try #require(harness.lines.first { $0.contains("Heather Morgan") })
        #expect(row.contains("-€ 12.34"))
        #expect(harness.app.reportedErrors.isEmpty)
    }

    @Test("Cancel unwinds with it too, and Back pops")
    func cancelAndBack() throws {
        let harness = try WalletHarness(options: try sampleOptions(), keys: WalletHarness.toHeatherMorgan + "<esc>")
        #expect(harness.amount == nil)
        #expect(harness.contacts != nil)
        try harness.run("<esc>")
        #expect(harness.modal == nil)
        #expect(harness.wallet.transactions.isEmpty)
        #expect(harness.app.reportedErrors.isEmpty)
    }

    @Test("Its refusals and failures behave as with the app's storyboard")
    func refusalAndFailure() throws {
        let harness = try WalletHarness(options: try sampleOptions(failureRate: 1), keys: WalletHarness.toHeatherMorgan + "abc<enter>")
        #expect(harness.amount?.statusLabel.text?.contains("\"abc\" is not an amount") == true)
        try harness.run("<bs><bs><bs>1<enter><wait 2>")
        #expect(harness.alert?.title == "Transfer failed")
        try harness.run("<esc>")
        #expect(harness.amount?.amountTextField.text == "1")
        #expect(harness.recorded.isEmpty)
    }

    @Test("Snapshots of its wallet and contacts screens")
    func snapshots() throws {
        for size in [WalletHarness.regular, WalletHarness.narrow] {
            let suffix = "\(size.width)x\(size.height)"
            let wallet = try WalletHarness(size: size, options: try sampleOptions())
            assertSnapshot(of: wallet.text, as: .lines, named: "sample-wallet-\(suffix)")
            let contacts = try WalletHarness(size: size, options: try sampleOptions(), keys: "n")
            assertSnapshot(of: contacts.text, as: .lines, named: "sample-contacts-\(suffix)")
            #expect(contacts.contacts?.tableView.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
            let afterSend = try WalletHarness(size: size, options: try sampleOptions(), keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 2>")
            assertSnapshot(of: afterSend.text, as: .lines, named: "sample-wallet-after-transfer-\(suffix)")
        }
    }
}
