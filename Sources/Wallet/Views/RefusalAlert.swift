import Views

extension AlertController {
    /// Tells the user that a transfer came back to the wallet but was not recorded, and why.
    static func refusal(_ refusal: Ledger.Refusal) -> AlertController {
        let transaction = refusal.transaction
        let transfer = "\(transaction.amount.moneyAmount) to \(transaction.contact.name) \(transaction.contact.surname)"
        let reason: String
        switch refusal {
        case .notPositive:
            reason = "\(transfer) is not an amount above zero."
        case .moreThanBalance(_, let balance):
            reason = "\(transfer) is more than the balance of \(balance.moneyAmount)."
        case .overflow(_, let balance):
            reason = "\(transfer) from a balance of \(balance.moneyAmount) is more than the wallet can count."
        }
        let alert = AlertController(title: "Transfer not recorded", message: "\(reason) Nothing was recorded and the balance is unchanged.")
        alert.addAction(.init(title: "OK", style: .cancel))
        return alert
    }
}
