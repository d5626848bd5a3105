/// The wallet's transactions, oldest first: a generated history (`--demo-transactions N`, for
/// demos and benchmarks), then those recorded while the app runs. A row of the history is made
/// from its index when the table asks for it, so a million of them cost neither memory nor time
/// at launch, and reading one never copies the others.
struct Transactions: RandomAccessCollection, Equatable {
    /// How many generated transactions come before the recorded ones.
    private(set) var historyCount: Int
    private(set) var recorded: [Transaction] = []

    init(historyCount: Int = 0) { self.historyCount = Swift.max(0, historyCount) }

    var startIndex: Int { 0 }
    var endIndex: Int { historyCount + recorded.count }

    subscript(position: Int) -> Transaction {
        position < historyCount ? Self.history(position) : recorded[position - historyCount]
    }

    mutating func append(_ transaction: Transaction) { recorded.append(transaction) }

    /// The generated transaction at `index`: the sample's contacts in turn, and amounts from
    /// € 1.00 to € 500.99 that look random but are the same on every run (a multiplicative hash).
    static func history(_ index: Int) -> Transaction {
        let contacts = Contact.samples
        let amount = 100 + Int((UInt64(truncatingIfNeeded: index) &* 2_654_435_761) % 50_000)
        return Transaction(amount: amount, contact: contacts[index % contacts.count])
    }
}
