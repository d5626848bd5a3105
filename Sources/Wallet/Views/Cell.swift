import Navigation
import Views

/// The row of both tables: a contact, and for a transaction the amount sent.
final class Cell: TableViewCell {
    @Outlet var initalsLabel: Label!
    @Outlet var nameLabel: Label!
    @Outlet var accountLabel: Label!
    @Outlet var amountLabel: Label!

    var transaction: Transaction? {
        didSet {
            guard let transaction = transaction else {
                return
            }
            // The sample writes "-" before the formatted amount; the locale knows where the
            // minus goes ("€ -12,34" in Dutch), so the negative amount is formatted instead.
            // Only the wallet's cell has an amount label, so a storyboard may leave it out.
            amountLabel?.text = (-transaction.amount).moneyAmount
            set(contact: transaction.contact)
        }
    }

    var contact: Contact? {
        didSet {
            if let contact = contact {
                set(contact: contact)
            }
        }
    }

    private func set(contact: Contact) {
        initalsLabel.text = contact.initials
        nameLabel.text = contact.name + " " + contact.surname
        accountLabel.text = contact.account
    }
}
