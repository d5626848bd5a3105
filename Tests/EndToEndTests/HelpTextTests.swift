import Testing
import Views
@testable import WalletCLI

/// `wallet --help` lists the keys of the binding table, as F1 does: kept as a literal so that
/// start-up does not build it, and checked here against the table.
@MainActor
@Suite("The keys in --help")
struct HelpTextTests {
    @Test("--help's keys are the binding table's, as F1 lists them with the containers' keys")
    func keysAreTheTables() {
        let fromTable = "Keys:\n" + KeyBindings.reference(for: .wallet, width: 78)
            .split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        #expect(WalletCommand.keysDiscussion == fromTable, "WalletCommand.keysDiscussion should read:\n\(fromTable)")
    }
}
