/// The version `wallet --version` prints: the one place it is written.
enum WalletVersion {
    static let current = "0.5.0"
}
