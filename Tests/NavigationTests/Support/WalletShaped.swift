import Navigation
import Testing

// The wallet sample's controllers, on test controllers: the engine's tests cannot depend on the
// wallet's target.

/// The wallet's shape: a balance it shows in viewWillAppear and, as the app does since the
/// sheets of iOS 13 (rule 28), where sendTransaction: changes it; a cancel: and a
/// sendTransaction: action.
final class WalletLikeViewController: Probe {
    /// The balance's label, when the wallet comes from a storyboard.
    @Outlet var balanceLabel: Label?
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
                showBalance()
                record("sendTransaction:", segue)
            },
        ]
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        showBalance()
    }

    private func showBalance() {
        let euros = balance / 100
        let thousands = euros / 1000
        let rest = euros % 1000
        let grouped = thousands > 0 ? "\(thousands),\(String(rest).leftPadded(to: 3))" : "\(rest)"
        balanceText = "€ \(grouped).\(String(balance % 100).leftPadded(to: 2))"
        balanceLabel?.text = balanceText
    }
}

/// The sample's TransactionViewController: Send starts the request, and when it answers,
/// performs SendTransactionSegue with the receipt.
final class TransactionLikeViewController: Probe {
    var cents = 25_00
    /// The request under way, for a test to wait for.
    private(set) var sending: Task<Void, Never>?

    init(recorder: Recorder) {
        super.init("Amount", recorder: recorder)
        title = nil
        targets["send:"] = { [unowned self] in
            sending = Task { @MainActor in
                let receipt = await SimulatedBank().send(cents: cents)
                performSegue(withIdentifier: "SendTransactionSegue", sender: receipt)
            }
        }
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

extension Scenario {
    /// A storyboard shaped like the wallet sample's (Rule25…Rule28), run with test controllers.
    init(walletShaped name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try self.init(name, classes: ["ContactsViewController": []], register: { classes, recorder in
            classes.register(WalletLikeViewController.self, as: "WalletViewController") { WalletLikeViewController(recorder: recorder) }
            classes.register(TransactionLikeViewController.self, as: "TransactionViewController") { TransactionLikeViewController(recorder: recorder) }
        }, sourceLocation: sourceLocation)
    }
}
