import Foundation
import Terminal
import TestSupport
import Testing
import Views
@testable import Wallet

/// A table of thousands of rows scrolls by keyboard and costs what a screenful does: it asks its
/// data source only for the rows it shows, and measures each once until the data changes.
@MainActor
@Suite("Table scrolling")
struct TableScrollingTests {
    /// Rows "Row 0" to "Row N-1", one line each, counting the cells asked for.
    final class Rows: TableViewDataSource {
        let count: Int
        var cellsAsked = 0
        init(count: Int) { self.count = count }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            cellsAsked += 1
            let cell = TableViewCell()
            let label = Label()
            label.text = "Row \(indexPath.row)"
            cell.addSubview(label)
            return cell
        }
    }

    private let context = PlainDrawing.context

    private func draw(_ table: TableView, size: Size = Size(width: 20, height: 10)) -> [String] {
        PlainDrawing.lines(of: table, size: size)
    }

    @Test("5,000 rows: the first screen asks for a screenful of cells, End and paging show the right rows")
    func fiveThousandRows() {
        let rows = Rows(count: 5_000)
        let table = TableView()
        table.dataSource = rows
        #expect(draw(table) == ["Row 0", "Row 1", "Row 2", "Row 3", "Row 4", "Row 5", "Row 6", "Row 7", "Row 8", "    ↓ 4991 more"])
        #expect(rows.cellsAsked <= 11, "a screenful, and the row that does not fit")

        table.didBecomeFocused()
        #expect(table.handle(.end))
        #expect(draw(table) == ["    ↑ 4991 more", "Row 4991", "Row 4992", "Row 4993", "Row 4994", "Row 4995", "Row 4996", "Row 4997", "Row 4998", "Row 4999"])
        #expect(table.handle(.pageUp))
        let page = draw(table)
        #expect(page.contains("Row 4991") && page.first == "    ↑ 4991 more")
        #expect(table.indexPathForSelectedRow?.row == 4999 - 8)
        #expect(table.handle(.pageUp))
        #expect(draw(table).contains("Row 4983"))
        #expect(table.handle(.home))
        #expect(draw(table).first == "Row 0")
        // A screenful at the start, one at the end, two pages on the way back: never the 5,000.
        #expect(rows.cellsAsked <= 60, "\(rows.cellsAsked) cells asked for")
    }

    @Test("A table too short for a row beside its \"more\" lines shows its rows, the first cut if need be, rather than those lines alone")
    func crowdedTableShowsARow() {
        let rows = Rows(count: 100)
        let table = TableView()
        table.dataSource = rows
        #expect(draw(table, size: Size(width: 20, height: 1)) == ["Row 0"])
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .top, animated: false)
        // Rows rather than the two lines that would say how many more there are.
        #expect(draw(table, size: Size(width: 20, height: 2)) == ["Row 50", "Row 51"])
        #expect(draw(table, size: Size(width: 20, height: 3)) == ["     ↑ 50 more", "Row 50", "     ↓ 49 more"])
    }

    @Test("A table footer view shows under the last row, over a line; when the rows scroll, on the table's last lines")
    func footerView() {
        let footer = Label()
        footer.text = "That's all"
        let table = TableView()
        table.tableFooterView = footer
        let few = Rows(count: 3)
        table.dataSource = few
        #expect(draw(table) == ["Row 0", "Row 1", "Row 2", "────────────────────", "That's all", "", "", "", "", ""])
        #expect(table.height(forWidth: 20, context: context) == 5)
        let many = Rows(count: 100)
        table.dataSource = many
        #expect(draw(table) == ["Row 0", "Row 1", "Row 2", "Row 3", "Row 4", "Row 5", "Row 6", "     ↓ 93 more", "────────────────────", "That's all"])
        table.didBecomeFocused()
        #expect(table.handle(.end))
        #expect(draw(table).suffix(3) == ["Row 99", "────────────────────", "That's all"])
        footer.isHidden = true
        #expect(draw(table).last == "Row 99")
    }

    @Test("ScrollToRow shows the row at the top, in the middle or at the bottom, and reloadData keeps the offset valid")
    func scrollToRowPositions() {
        let rows = Rows(count: 100)
        let table = TableView()
        table.dataSource = rows
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .top, animated: false)
        #expect(draw(table).dropFirst().first == "Row 50")
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .bottom, animated: false)
        #expect(draw(table).dropLast().last == "Row 50")
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .middle, animated: false)
        let middle = draw(table)
        #expect(middle[3...6].contains("Row 50"), "\(middle)")
        table.scrollToRow(at: IndexPath(row: 50, section: 0), at: .none, animated: false)
        #expect(draw(table) == middle, "a row already shown does not move")
        table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .top, animated: false)
        #expect(draw(table).last == "Row 99", "the last screenful is full, not one row at the top")
        let fewer = Rows(count: 3)
        table.dataSource = fewer
        table.reloadData()
        #expect(draw(table) == ["Row 0", "Row 1", "Row 2", "", "", "", "", "", "", ""])
    }

    @Test("The wallet with 5,000 transactions shows the newest after a send, and pages back by keyboard")
    func walletWithFiveThousandTransactions() throws {
        let harness = try WalletHarness(size: ScreenTests.short)
        let contact = Contact(name: "Alan", surname: "Johnson", account: "NL 34 EFGH 9876 5432")
        // 5,000 transfers of 1 to 5,000 cents, leaving € 100,000.00.
        var ledger = Ledger(balance: 10_000_000 + 5_000 * 5_001 / 2)
        for amount in 1...5_000 { try ledger.record(Transaction(amount: amount, contact: contact)) }
        harness.wallet.ledger = ledger
        harness.wallet.tableView.reloadData()
        try harness.run(WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>")
        #expect(harness.wallet.transactions.count == 5_001)
        #expect(harness.text.contains("-€ 12.34") && harness.text.contains("↑ 4998 more"), "\(harness.text)")
        try harness.run("<tab>")
        #expect(harness.focusedObject === harness.wallet.tableView)
        // Focus selects the first row shown (4,999th), each page moves by what shows less one.
        try harness.run("<pgup><pgup>")
        #expect(harness.text.contains("-€ 49.95") && harness.text.contains("↑ 4994 more") && harness.text.contains("↓ 4 more"), "\(harness.text)")
        try harness.run("<home>")
        #expect(harness.text.contains("-€ 0.01") && harness.text.contains("↓ 4998 more"))
        try harness.run("<end>")
        #expect(harness.text.contains("-€ 12.34"))
    }

    @Test("Taking focus selects the first row on screen, not a row scrolled away")
    func focusSelectsAVisibleRow() {
        let table = TableView()
        let rows = Rows(count: 100)
        table.dataSource = rows
        table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .bottom, animated: false)
        _ = draw(table)
        table.didBecomeFocused()
        #expect(table.indexPathForSelectedRow?.row == 91)
        #expect(draw(table).last == "Row 99")
    }

    @Test("Taking focus with the selected row scrolled away selects the first row on screen, and scrolls nowhere")
    func focusMovesASelectionScrolledAway() {
        let table = TableView()
        let rows = Rows(count: 100)
        table.dataSource = rows
        table.selectRow(at: IndexPath(row: 0, section: 0), animated: false)
        table.scrollToRow(at: IndexPath(row: 99, section: 0), at: .bottom, animated: false)
        let shown = draw(table)
        table.didBecomeFocused()
        #expect(table.indexPathForSelectedRow?.row == 91)
        #expect(draw(table) == shown)
    }
}
