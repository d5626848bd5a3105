import Navigation
import Testing

/// Rules 26–28 of the brief, on plain test controllers shaped like the wallet sample:
/// nav1 [Wallet] presents nav2 [Contacts, Amount].
@MainActor
@Suite("Wallet-shaped unwinds")
struct WalletShapedUnwindTests {
    /// Wallet on screen, having presented Contacts in its own navigation controller.
    private func walletPresentingContacts() throws -> WalletShapedHierarchy {
        try WalletShapedHierarchy(pushingAmount: false)
    }

    @Test("Rule 26: Cancel on Contacts unwinds cancel: to Wallet, not to Contacts' own navigation controller; the modal is gone, nothing changed")
    func cancelOnContacts() throws {
        let h = try walletPresentingContacts()
        let cancel = try #require(h.contacts.navigationItem.leftBarButtonItem)
        #expect(cancel.displayTitle == "Cancel")

        cancel.sendActions()

        #expect(h.wallet.received.map(\.action) == ["cancel:"])
        #expect(h.wallet.received.first?.segue.source === h.contacts)
        #expect(h.recorder.asked == ["asked nav2 false", "asked Wallet true"])
        #expect(h.recorder.steps.contains("destination Wallet executor nav1"))
        #expect(h.recorder.transitions == ["transition dismiss nav2 topmost nav2"])
        #expect(h.window.presentationStack.count == 1 && h.window.topViewController === h.nav1)
        #expect(h.wallet.presentedViewController == nil)
        #expect(h.nav1.viewControllers.count == 1 && h.nav1.topViewController === h.wallet)
        #expect(h.wallet.balance == 5_432_01 && h.wallet.rows.isEmpty)
        #expect(h.wallet.balanceText == "€ 5,432.01")
    }

    @Test("Rule 27: the default Back button on Amount pops to Contacts: no prepare, no unwind action")
    func backButtonPops() throws {
        let h = try walletPresentingContacts()
        h.contacts.implemented = ["x:"]
        let amount = try Fixtures.source("Amount", recorder: h.recorder)
        h.nav2.pushViewController(amount, animated: true)
        h.recorder.reset()
        let back = try #require(h.nav2.backBarButtonItem(for: amount))
        #expect(back.displayTitle == "Contacts")

        back.sendActions()

        #expect(h.recorder.steps == ["transition pop to Contacts in nav2"])
        #expect(amount.prepared.isEmpty)
        #expect(h.contacts.received.isEmpty && h.wallet.received.isEmpty)
        #expect(h.nav2.viewControllers.count == 1 && h.nav2.topViewController === h.contacts)
        #expect(h.window.topViewController === h.nav2, "the modal stays")
        #expect(h.recorder.lifeCycleCalls == [
            "viewWillDisappear Amount", "viewWillAppear Contacts", "viewDidDisappear Amount", "viewDidAppear Contacts",
        ])
    }

    @Test("Rule 28: Send, after the request, unwinds SendTransactionSegue: prepare on Amount, Wallet's sendTransaction(_:), one dismissal of the whole modal")
    func sendTransaction() async throws {
        let h = try walletPresentingContacts()
        let amount = try Fixtures.source("Amount", recorder: h.recorder)
        h.nav2.pushViewController(amount, animated: true)
        h.recorder.reset()

        let receipt = await SimulatedBank().send(cents: 25_00)
        amount.performSegue(withIdentifier: "SendTransactionSegue", sender: receipt)

        let segue = "UnwindSegue SendTransactionSegue Amount→Wallet"
        #expect(h.recorder.steps == [
            "unwindStarted sendTransaction: from Amount",
            "asked Contacts false",
            "asked nav2 false",
            "asked Wallet true",
            "destination Wallet executor nav1",
            "segueCreated \(segue)",
            "prepare \(segue)",
            "call prepare on Amount",
            "action sendTransaction: on Wallet",
            "call sendTransaction: on Wallet",
            "perform \(segue)",
            "transition dismiss nav2 topmost nav2",
        ])
        #expect(h.window.presentationStack.count == 1 && h.wallet.presentedViewController == nil)
        #expect(h.nav2.viewControllers.count == 2, "the modal is dismissed whole, not popped")
        #expect(h.wallet.balance == 5_407_01 && h.wallet.rows == [25_00])
        #expect(h.wallet.balanceText == "€ 5,407.01", "viewWillAppear ran after the unwind action and refreshed the label")
    }
}

// MARK: Controllers of these tests

/// The wallet's shape: a balance it shows in viewWillAppear, a cancel: and a sendTransaction: action.
final class WalletLikeViewController: Probe {
    private(set) var balance = 5_432_01
    private(set) var rows: [Int] = []
    private(set) var balanceText = ""

    init(recorder: Recorder) {
        super.init("Wallet", recorder: recorder)
    }

    override var actions: [Selector: Action] {
        [
            "cancel:": .unwind { [unowned self] segue in record("cancel:", segue) },
            "sendTransaction:": .unwind { [unowned self] segue in
                let receipt = (segue.source as? Probe)?.prepared.last?.sender as? SimulatedBank.Receipt
                if let receipt {
                    balance -= receipt.cents
                    rows.append(receipt.cents)
                }
                record("sendTransaction:", segue)
            },
        ]
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        let euros = balance / 100
        let thousands = euros / 1000
        let rest = euros % 1000
        let grouped = thousands > 0 ? "\(thousands),\(String(rest).leftPadded(to: 3))" : "\(rest)"
        balanceText = "€ \(grouped).\(String(balance % 100).leftPadded(to: 2))"
    }
}

/// The wallet's "request" before it sends: it answers at once, asynchronously.
struct SimulatedBank {
    struct Receipt: Sendable { let cents: Int }

    func send(cents: Int) async -> Receipt {
        await Task.yield()
        return Receipt(cents: cents)
    }
}

private extension String {
    func leftPadded(to width: Int) -> String { String(repeating: "0", count: max(0, width - count)) + self }
}
