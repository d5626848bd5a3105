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
        let fromTable = "Keys:\n" + KeyBindings.reference(for: .wallet, width: 77)
            .split(separator: "\n").map { "  " + $0 }.joined(separator: "\n")
        #expect(WalletCommand.keysDiscussion == fromTable, "WalletCommand.keysDiscussion should read:\n\(fromTable)")
    }

    /// Issue 47: ArgumentParser wraps at 80 columns, and a line of 80 broke "Home," onto a line
    /// of its own at column 0; the exercises' examples broke mid-comment.
    @Test("wallet --help's keys and wallet exercises --help's examples each fit a line of 80 columns")
    func helpFitsEightyColumns() {
        let keys = WalletCommand.helpMessage(columns: 80).split(separator: "\n", omittingEmptySubsequences: false)
        let keyLines = keys.drop { $0 != "Keys:" }.dropFirst().prefix { !$0.hasPrefix("USAGE:") }.filter { !$0.isEmpty }
        #expect(!keyLines.isEmpty && keyLines.allSatisfy { $0.hasPrefix("  ") && $0.count <= 80 }, "\(keyLines.joined(separator: "\n"))")
        let exercises = WalletCommand.helpMessage(for: ExercisesCommand.self, columns: 80).split(separator: "\n", omittingEmptySubsequences: false)
        let examples = exercises.drop { !$0.hasPrefix("  wallet exercises") }.prefix { !$0.isEmpty }
        #expect(examples.count == 7 && examples.allSatisfy { $0.hasPrefix("  wallet exercises") && $0.count <= 80 }, "\(examples.joined(separator: "\n"))")
    }
}
