import App
import Navigation
import Views

/// The amount to send to the chosen contact. Send starts a (simulated) network request; when
/// it succeeds, the `SendTransactionSegue` unwind takes the transaction back to the wallet.
final class TransactionViewController: ViewController {
    @Outlet var amountTextField: TextField!
    @Outlet var contactNameLabel: Label!

    var contact: Contact?
    var transaction: Transaction?
    /// The wallet's balance, to refuse sending more than it holds.
    var balance: Int?

    private let network: SimulatedNetwork
    private var request: ScheduledTimer?
    /// Says what Send is doing, or why it refused: the sample has no such label, so it is
    /// added below the storyboard's views.
    let statusLabel = Label()

    init(network: SimulatedNetwork) {
        self.network = network
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // The sample's placeholder is "0,00"; here it follows the locale amounts are typed in.
        amountTextField.placeholder = MoneyFormat.current.placeholder
        if amountTextField.delegate == nil { amountTextField.delegate = self }
        placeCurrencySymbol()
        statusLabel.numberOfLines = 0
        view.addSubview(statusLabel)
    }

    /// The storyboard puts its `€` label before the field, as en_US writes `€ 12.34`; a locale
    /// that writes `12,34 €` gets it after the field, the amount typed against it. The label has
    /// no outlet in the sample, so it is found beside the field by its text, and storyboards
    /// written for iOS keep working.
    private func placeCurrencySymbol() {
        guard MoneyFormat.current.symbolFollowsAmount, let row = amountTextField.superview,
              let symbol = row.subviews.first(where: { ($0 as? Label)?.text?.filter({ !$0.isWhitespace || $0.isNewline }) == "€" })
        else { return }
        row.insertSubview(symbol, aboveSubview: amountTextField)
        amountTextField.textAlignment = .right
    }

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        amountTextField.becomeFirstResponder()
        if let contact = contact {
            contactNameLabel.text = "\(contact.name) \(contact.surname)"
        }
    }

    @IBAction func send(_ sender: Any?) {
        guard request == nil else { return }
        switch validatedAmount() {
        case .failure(let refusal):
            show(refusal.message, style: .error)
        case .success:
            startRequest()
        }
    }

    override func prepare(for segue: StoryboardSegue, sender: Any?) {
        if let amount = amountTextField.text?.amount,
            let contact = contact {
            transaction = Transaction(amount: amount, contact: contact)
        }
    }

    override var actions: [Navigation.Selector: Action] {
        ["send:": .target(send)]
    }

    /// Quitting while the request runs would leave the user not knowing whether it went.
    override var unfinishedWorkDescription: String? {
        request == nil ? nil : "A transfer is being sent."
    }

    // MARK: Sending

    /// The amount typed, or why it cannot be sent.
    private func validatedAmount() -> Result<Int, Refusal> {
        switch MoneyFormat.current.cents(from: amountTextField.text ?? "") {
        case .failure(let error):
            return .failure(Refusal(error.message(for: amountTextField.text, in: .current)))
        case .success(let amount):
            if let balance, amount > balance {
                return .failure(Refusal("That is more than your balance of \(balance.moneyAmount): enter a smaller amount."))
            }
            return .success(amount)
        }
    }

    /// While the request runs nothing else can be sent and the screen cannot be left, so a
    /// transfer is neither recorded twice nor lost.
    private func startRequest() {
        setSending(true)
        request = network.send { [weak self] result in
            self?.requestFinished(result)
        }
    }

    private func requestFinished(_ result: Result<Void, SimulatedNetwork.RequestFailed>) {
        request = nil
        setSending(false)
        switch result {
        case .success:
            show(nil)
            performSegue(withIdentifier: "SendTransactionSegue", sender: nil)
        case .failure:
            show("Not sent: nothing was recorded.", style: .error)
            let alert = AlertController(title: "Transfer failed", message: "The network request failed. Nothing was sent.")
            alert.addAction(.init(title: "Try Again") { [weak self] in self?.send(nil) })
            alert.addAction(.init(title: "Cancel", style: .cancel))
            // The request has ended: an alert shown over Amount meanwhile (the keys, or whether
            // to quit while it runs) gives way to its outcome.
            if presentedViewController != nil { dismiss(animated: false) }
            present(alert, animated: true)
        }
    }

    private func setSending(_ sending: Bool) {
        // A sheet pulled down mid-request would leave the answer's unwind with nowhere to go:
        // while it runs, the pull is refused, as Back is hidden.
        isModalInPresentation = sending
        navigationItem.hidesBackButton = sending
        navigationItem.rightBarButtonItem?.isEnabled = !sending
        amountTextField.isEnabled = !sending
        if sending { show("Sending…") }
    }

    private func show(_ status: String?, style: Label.TextStyle = .body) {
        statusLabel.text = status
        statusLabel.textStyle = style
    }

    struct Refusal: Error {
        let message: String
        init(_ message: String) { self.message = message }
    }
}

extension TransactionViewController: TextFieldDelegate {
    /// Refuses, as it is typed, an amount that no `Int` of cents can hold, with the message Send
    /// would give; so the field never holds more than an amount can be written in.
    func textField(_ textField: TextField, shouldChangeCharactersIn range: NSRange, replacementString string: String) -> Bool {
        let text = textField.text ?? ""
        guard let bounds = range.range(in: text) else { return true }
        var updated = text
        updated.replaceSubrange(bounds, with: string)
        let format = MoneyFormat.current
        guard updated.count > format.longestAmountLength || format.cents(from: updated) == .failure(.tooLarge) else { return true }
        show(AmountError.tooLarge.message(for: updated, in: format), style: .error)
        return false
    }
}
