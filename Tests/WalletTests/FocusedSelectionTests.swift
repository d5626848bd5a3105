@testable import App
import Foundation
import Terminal
import Testing
@testable import Views
@testable import Wallet

/// A table with focus shows its selected row: what Enter would open is always on screen, and
/// Down moves from where the user is looking. Focus coming to a table whose selection was
/// scrolled away (by a send, a resize) selects the first row on screen; a resize while the
/// table has focus scrolls to keep the selection.
@MainActor
@Suite("A focused table shows its selected row")
struct FocusedSelectionTests {
    /// The lines drawn in the focus colours (reverse), trimmed, with runs of blanks made one:
    /// the selected row of the focused table, as the user sees it highlighted.
    private func highlighted(_ harness: WalletHarness) -> [String] {
        let screen = harness.terminal.screen
        return (0..<screen.size.height).compactMap { y -> String? in
            let cells = (0..<screen.size.width).map { screen[$0, y] }.filter { !$0.isContinuation }
            guard cells.contains(where: { $0.style.attributes.contains(.reverse) && $0.character != " " }) else { return nil }
            let text = String(cells.filter { $0.style.attributes.contains(.reverse) }.map(\.character))
            return text.split(separator: " ", omittingEmptySubsequences: true).joined(separator: " ")
        }
    }

    private func resize(_ harness: WalletHarness, to size: Size) {
        harness.terminal.size = size
        harness.app.turn(with: .resize)
    }

    @Test("After a send scrolls the wallet to the newest transfer, Tab to the table selects the first row on screen, not the row selected before")
    func focusAfterSendSelectsARowOnScreen() throws {
        let harness = try WalletHarness(options: WalletHarness.options(demoTransactions: 50))
        #expect(harness.focusedObject === harness.wallet.tableView, "the table takes the first focus")
        #expect(highlighted(harness) == ["(AJ) Alan Johnson -€ 1.00", "NL 34 EFGH 9876 5432"])
        try harness.run(WalletHarness.toHeatherMorgan + "12<enter><wait 3>")
        #expect(harness.text.contains("↑ 44 more") && harness.text.contains("-€ 12.00"), "\(harness.text)")
        try harness.run("<tab>")
        #expect(harness.focusedObject === harness.wallet.tableView)
        #expect(highlighted(harness) == ["(JH) Julia Henry -€ 235.84", "NL 62 MBCZ 5674 8769"], "\(harness.text)")
        #expect(harness.text.contains("-€ 12.00"), "focus keeps the newest transfer in view")
        try harness.run("<down>")
        #expect(highlighted(harness) == ["(AJ) Alan Johnson -€ 93.45", "NL 34 EFGH 9876 5432"], "Down moves from the row on screen")
        #expect(harness.text.contains("↑ 44 more"))
    }

    @Test("A row scrolled away by a resize while the New Transfer button had focus: Shift-Tab back selects the first row on screen")
    func focusAfterResizeSelectsARowOnScreen() throws {
        let harness = try WalletHarness(options: WalletHarness.options(demoTransactions: 50), keys: "<pgdn>")
        #expect(highlighted(harness) == ["(BF) Brian Freeman -€ 146.66", "NL 56 XYWZ 1357 2468"])
        try harness.run("<tab>")
        #expect(harness.focusedObject is Button)
        resize(harness, to: Size(width: 80, height: 12))
        #expect(!harness.text.contains("Brian Freeman"), "\(harness.text)")
        try harness.run("<s-tab>")
        #expect(harness.focusedObject === harness.wallet.tableView)
        #expect(highlighted(harness) == ["(AJ) Alan Johnson -€ 1.00", "NL 34 EFGH 9876 5432"], "\(harness.text)")
    }

    @Test("A selection on screen stays when focus leaves the table and comes back")
    func visibleSelectionStays() throws {
        let harness = try WalletHarness(options: WalletHarness.options(demoTransactions: 50), keys: "<down><down><tab>")
        #expect(harness.focusedObject is Button)
        try harness.run("<s-tab>")
        #expect(highlighted(harness) == ["(HM) Heather Morgan -€ 216.22", "NL 98 QWER 0864 9753"])
    }

    @Test("A click on a row of the wallet while the button has focus selects the row clicked")
    func clickSelectsTheRowClicked() throws {
        let harness = try WalletHarness(options: WalletHarness.options(demoTransactions: 50), keys: "<tab>")
        #expect(harness.focusedObject is Button)
        let line = try #require(harness.lines.firstIndex { $0.contains("John Appleseed") })
        try harness.run("<click 10 \(line)>")
        #expect(harness.focusedObject === harness.wallet.tableView)
        #expect(highlighted(harness) == ["(JA) John Appleseed -€ 73.83", "NL 81 POIU 3157 8064"])
    }

    @Test("A script's <resize 30x9> leaves the wallet's list one line: it shows the selected transaction, cut, not only \"↓ 40 more\"")
    func listOfOneLineShowsTheSelection() throws {
        let harness = try WalletHarness(options: WalletHarness.options(demoTransactions: 40), keys: "<resize 30x9>")
        #expect(harness.terminal.size == Size(width: 30, height: 9))
        #expect(highlighted(harness).count == 1, "\(harness.text)")
        #expect(!harness.text.contains("more"), "\(harness.text)")
    }

    @Test("Contacts made shorter by a resize keep the selected contact on screen, and Enter opens it")
    func resizeWhileFocusedKeepsTheSelection() throws {
        let harness = try WalletHarness(keys: "n<end>")
        #expect(highlighted(harness) == ["(JH) Julia Henry ›", "NL 62 MBCZ 5674 8769"])
        resize(harness, to: Size(width: 80, height: 12))
        #expect(highlighted(harness) == ["(JH) Julia Henry ›", "NL 62 MBCZ 5674 8769"], "\(harness.text)")
        #expect(harness.text.contains("↑ 1 more"))
        try harness.run("<enter>")
        #expect(harness.amount?.contact?.name == "Julia")
    }
}
