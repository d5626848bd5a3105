/// Someone to send money to.
struct Contact: Equatable, Sendable {
    let name: String
    let surname: String
    let account: String

    var initials: String {
        return "\(name.first!)\(surname.first!)"
    }
}

extension Contact {
    /// The sample's contacts, in the order Contacts lists them.
    static let samples = [
        Contact(name: "Alan", surname: "Johnson", account: "NL 34 EFGH 9876 5432"),
        Contact(name: "Brian", surname: "Freeman", account: "NL 56 XYWZ 1357 2468"),
        Contact(name: "Heather", surname: "Morgan", account: "NL 98 QWER 0864 9753"),
        Contact(name: "John", surname: "Appleseed", account: "NL 81 POIU 3157 8064"),
        Contact(name: "Julia", surname: "Henry", account: "NL 62 MBCZ 5674 8769")
    ]
}
