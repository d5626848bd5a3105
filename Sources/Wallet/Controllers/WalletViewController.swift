import Navigation
import Views

/// The first screen: the balance and the transactions, and the button to send money.
final class WalletViewController: ViewController {
    @Outlet var amountLabel: Label!
    @Outlet var tableView: TableView!

    var ledger = Ledger(balance: 543201)
    var balance: Int { ledger.balance }
    var transactions: Transactions { ledger.transactions }
    /// Why the last transaction sent back was not recorded, told when the wallet shows again.
    private var refusal: Ledger.Refusal?
    /// Where the label is set (`--as-written`, `--code`): by default where the sample's author
    /// would fix it for iOS 13, in `viewWillAppear` and `sendTransaction:` (rule 30).
    let code: WalletCode

    init(demoTransactions: Int = 0, code: WalletCode = .fixed) {
        self.code = code
        super.init()
        ledger = Ledger(balance: ledger.balance, history: demoTransactions)
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        setBalanceLabel(in: .viewDidLoad)
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        setBalanceLabel(in: .viewWillAppear)
    }

    override func viewIsAppearing(_ animated: Bool) {
        super.viewIsAppearing(animated)
        setBalanceLabel(in: .viewIsAppearing)
    }

    /// The sample's line, `amountLabel.text = balance.moneyAmount`, in the methods the code sets
    /// it in. A sheet's dismissal calls none of the appearance methods on the wallet (rule 30).
    private func setBalanceLabel(in method: WalletCode.Method) {
        if code.setsBalanceLabel(in: method) {
            amountLabel.text = balance.moneyAmount
        }
    }

    /// A refusal can only come back from a storyboard that leaves Amount without the balance (a
    /// Show segue to Contacts, which pushes): the wallet then disappears and appears again.
    override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        setBalanceLabel(in: .viewDidAppear)
        if let refusal {
            self.refusal = nil
            present(AlertController.refusal(refusal), animated: true)
        }
    }

    /// Hands the balance forward, so that Amount can refuse to send more than there is.
    override func prepare(for segue: StoryboardSegue, sender: Any?) {
        let navigationController = segue.destination as? NavigationController
        if let contactsViewController = navigationController?.topViewController as? ContactsViewController {
            contactsViewController.balance = balance
        }
    }

    @IBAction func cancel(_ unwindSegue: StoryboardSegue) {
        setBalanceLabel(in: .cancel)
    }

    @IBAction func sendTransaction(_ unwindSegue: StoryboardSegue) {
        guard let transactionViewController = unwindSegue.source as? TransactionViewController,
            let transaction = transactionViewController.transaction else {
                return
        }
        do {
            try ledger.record(transaction)
        } catch {
            refusal = error
            return
        }
        tableView.reloadData()
        tableView.scrollToRow(at: IndexPath(row: transactions.count - 1, section: 0), at: .bottom, animated: false)
        // The fix iOS 13 asks of the sample: Contacts is a sheet, so the wallet never disappears
        // and `viewWillAppear` does not run again. The label is set where the balance changes.
        setBalanceLabel(in: .sendTransaction)
    }

    override var actions: [Navigation.Selector: Action] {
        ["cancel:": .unwind(cancel), "sendTransaction:": .unwind(sendTransaction)]
    }
}

extension WalletViewController: TableViewDataSource {
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        return transactions.count
    }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath, as: Cell.self) else {
            return TableViewCell()
        }
        cell.transaction = transactions[indexPath.row]
        return cell
    }
}
