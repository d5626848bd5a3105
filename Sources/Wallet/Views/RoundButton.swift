import Views

/// The floating New Transfer button: round, so drawn in round brackets.
final class RoundButton: Button {
    override init() {
        super.init()
        shape = .rounded
    }
}
