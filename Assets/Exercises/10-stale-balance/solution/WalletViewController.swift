// WalletViewController.swift: the sample's code as its author wrote it in February 2019, for
// iOS 12 (matteom/Wallet, the article "Unwind Segues Step-by-Step").
//
// The terminal runs the wallet's own Swift code. From this file it reads one thing: the methods
// in which the balance label is set (`amountLabel.text = …`). Move that line, copy it, save, and
// the check runs again; try it with
//   swift run wallet --storyboard wallet-exercises/10-stale-balance/Main.storyboard \
//     --code wallet-exercises/10-stale-balance/WalletViewController.swift

import UIKit

class WalletViewController: UIViewController {
    @IBOutlet weak var amountLabel: UILabel!
    @IBOutlet weak var tableView: UITableView!

    var balance: Int = 543201
    var transactions: [Transaction] = []

    override func viewWillAppear(_ animated: Bool) {
        super.viewWillAppear(animated)
        amountLabel.text = balance.moneyAmount
    }

    @IBAction func cancel(_ unwindSegue: UIStoryboardSegue) {}

    @IBAction func sendTransaction(_ unwindSegue: UIStoryboardSegue) {
        guard let transactionViewController = unwindSegue.source as? TransactionViewController,
            let transaction = transactionViewController.transaction else {
                return
        }
        transactions.append(transaction)
        balance -= transaction.amount
        tableView.reloadData()
        // A sheet's dismissal calls none of the wallet's appearance methods: the label is set
        // where the balance changes.
        amountLabel.text = balance.moneyAmount
    }
}

extension WalletViewController: UITableViewDataSource {
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        return transactions.count
    }

    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath) as! Cell
        cell.transaction = transactions[indexPath.row]
        return cell
    }
}
