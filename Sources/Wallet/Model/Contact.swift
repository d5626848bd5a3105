/// Someone to send money to.
struct Contact: Equatable, Sendable {
    let name: String
    let surname: String
    let account: String

    var initials: String {
        return "\(name.first!)\(surname.first!)"
    }
}
