/// The wallet's money: a balance and the transactions recorded against it. It records only
/// what it can: Amount checks the amount early, to help the user, but what a storyboard
/// connects decides which checks run before a transaction arrives here, so this is where the
/// rule holds whatever the storyboard did.
struct Ledger: Equatable {
    private(set) var balance: Int
    private(set) var transactions: Transactions

    /// A ledger with `balance`, after `history` generated transactions (`--demo-transactions`):
    /// history already paid, so the balance is what it says.
    init(balance: Int, history: Int = 0) {
        self.balance = balance
        transactions = Transactions(historyCount: history)
    }

    /// Why a transaction was not recorded.
    enum Refusal: Error, Equatable {
        case notPositive(Transaction)
        case moreThanBalance(Transaction, balance: Int)
        /// Subtracting would leave what 64 bits cannot hold.
        case overflow(Transaction, balance: Int)

        var transaction: Transaction {
            switch self {
            case .notPositive(let transaction), .moreThanBalance(let transaction, _), .overflow(let transaction, _):
                return transaction
            }
        }
    }

    /// Appends the transaction and takes its amount from the balance, or, when it cannot be
    /// recorded, changes nothing and says why.
    mutating func record(_ transaction: Transaction) throws(Refusal) {
        guard transaction.amount > 0 else { throw .notPositive(transaction) }
        let (remaining, overflows) = balance.subtractingReportingOverflow(transaction.amount)
        guard !overflows else { throw .overflow(transaction, balance: balance) }
        guard remaining >= 0 else { throw .moreThanBalance(transaction, balance: balance) }
        transactions.append(transaction)
        balance = remaining
    }
}
