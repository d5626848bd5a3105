import Foundation
import Terminal
import Testing
@testable import Views

/// The binding table is the one place keys are written and described: responders make their key
/// commands from it, and the help (F1), `--help` and the README's keys table are made from it.
@MainActor
@Suite("One table of keys")
struct KeyBindingsTests {
    static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    @Test("The README's keys table is the one the binding table makes")
    func readmeTable() throws {
        let readme = try String(contentsOf: Self.packageRoot.appendingPathComponent("README.md"), encoding: .utf8)
        let lines = readme.components(separatedBy: "\n")
        let heading = try #require(lines.firstIndex(of: "## Keys"))
        let table = lines[(heading + 1)...].drop { !$0.hasPrefix("|") }.prefix { $0.hasPrefix("|") }.joined(separator: "\n")
        #expect(table == KeyBindings.markdownTable, "README.md's table under ## Keys should read:\n\(KeyBindings.markdownTable)")
    }

    @Test("No key is bound twice where one scope applies, so no binding hides another")
    func eachKeyOnce() {
        let scopes: [KeyScope] = [.anywhere, .inspector, .paused, .alert, .containers, .textField, .table, .screen]
        let keys: [Key] = [.enter, .escape, .tab, .backTab, .up, .down, .left, .right, .pageUp, .pageDown, .home, .end]
            + (1...12).map { .function($0) } + "abcdefghijklmnopqrstuvwxyz0123456789 ?".map { .character($0) }
            + "cnopz".map { .control($0) }
        for scope in scopes {
            for key in keys {
                let matches = KeyBindings.all.filter { $0.scope == scope }.flatMap(\.keys).filter { $0.0.matches(key) }
                // A letter is a mnemonic unless a binding of its own comes first (q quits).
                let exact = matches.filter { if case .key = $0.0 { true } else { false } }
                #expect(exact.count <= 1, "\(key) is bound \(exact.count) times in \(scope)")
            }
        }
    }

    @Test("The help lists each key once, for the wallet and for any storyboard, all of them or those in effect",
          arguments: [KeysHelp.wallet, .anyStoryboard], [false, true])
    func helpListsEachKeyOnce(help: KeysHelp, inEffect: Bool) {
        let lines = KeyBindings.lines(for: help, labels: inEffect ? ["Tab, Shift-Tab", "q"] : nil)
        let labels = lines.map(\.label)
        #expect(Set(labels).count == labels.count, "\(labels)")
        #expect(labels.contains("Ctrl-O") == !inEffect)
        #expect(lines.allSatisfy { !$0.text.contains("{") && !$0.text.isEmpty })
    }

    @Test("The wallet's help names its Send; any other storyboard's names the right bar button instead")
    func wordsForWhoseHelp() {
        let wallet = KeyBindings.lines(for: .wallet).map(\.text).joined(separator: "\n")
        let any = KeyBindings.lines(for: .anyStoryboard).map(\.text).joined(separator: "\n")
        #expect(wallet.contains("Send") && !any.contains("Send"))
        #expect(any.contains("the right bar button") && any.contains("accessory"))
        #expect(!wallet.contains("accessory"))
    }

    @Test("The help's lines fit its column of 51, labels in a column of 18")
    func helpFits() {
        for help in [KeysHelp.wallet, .anyStoryboard] {
            for line in KeyBindings.reference(for: help).split(separator: "\n") {
                #expect(line.terminalWidth <= 51, "\(line)")
            }
        }
    }
}
