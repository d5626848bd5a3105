/// Money sent to a contact, in cents.
struct Transaction: Equatable, Sendable {
    let amount: Int
    let contact: Contact
}
