import Foundation
import Navigation
import Views

/// The contacts to send money to, presented modally in its own navigation controller.
final class ContactsViewController: TableViewController {
    let contacts = Contact.samples

    /// The wallet's balance, handed on to Amount.
    var balance: Int?

    override func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        return contacts.count
    }

    override func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: indexPath, as: Cell.self) else {
            return TableViewCell()
        }
        cell.contact = contacts[indexPath.row]
        return cell
    }

    override func prepare(for segue: StoryboardSegue, sender: Any?) {
        guard let row = tableView.indexPathForSelectedRow?.row else {
            return
        }
        let selectedContact = contacts[row]
        if let transactionViewController = segue.destination as? TransactionViewController {
            transactionViewController.contact = selectedContact
            transactionViewController.balance = balance
        }
    }
}
