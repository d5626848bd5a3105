import Foundation
import Terminal
import TestSupport
import Testing
import Views
@testable import Wallet

/// A table's work is a screenful whatever its row count: it asks its data source only for the
/// rows it shows, measures each once until the data or the width changes, and reuses the cells
/// of rows that leave the screen. Work is counted, never timed.
@MainActor
@Suite("Table cost")
struct TableCostTests {
    /// Rows from a prototype cell with a wrapping label, as an app's data source makes them:
    /// row n's text is `text(n)`, so rows have different heights at narrow widths.
    final class Rows: TableViewDataSource {
        var count: Int
        var text: (Int) -> String
        private(set) var asked = 0
        init(count: Int, text: @escaping (Int) -> String = { "Row \($0)" }) {
            self.count = count
            self.text = text
        }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
            asked += 1
            let cell = tableView.dequeueReusableCell(withIdentifier: "Row", for: indexPath)
            (cell.contentView.subviews.first as? Label)?.text = text(indexPath.row)
            return cell
        }

        /// A table of these rows, with the prototype registered.
        func table() -> TableView {
            let table = TableView()
            table.registerPrototype(reuseIdentifier: "Row") {
                let cell = TableViewCell()
                let label = Label()
                label.numberOfLines = 0
                cell.addSubview(label)
                return cell
            }
            table.dataSource = self
            return table
        }

        /// The cell for a row made afresh, as the cache's reference.
        func freshCell(_ row: Int) -> TableViewCell {
            let cell = TableViewCell()
            let label = Label()
            label.numberOfLines = 0
            label.text = text(row)
            cell.addSubview(label)
            return cell
        }
    }

    private let context = PlainDrawing.context

    private func draw(_ table: TableView, size: Size = Size(width: 20, height: 10)) -> [String] {
        PlainDrawing.lines(of: table, size: size)
    }

    /// Cells asked and rows measured for each of `keys`, drawing after each as the app does.
    private func work(rows count: Int, keys: [Key]) -> [(asked: Int, measured: Int)] {
        let rows = Rows(count: count)
        let table = rows.table()
        _ = draw(table)
        table.didBecomeFocused()
        return keys.map { key in
            let (asked, measured) = (rows.asked, table.rowsMeasured)
            _ = table.handle(key)
            _ = draw(table)
            return (rows.asked - asked, table.rowsMeasured - measured)
        }
    }

    @Test("A Down key with 1,000,000 rows asks for and measures what it does with 100: the row coming into view")
    func downKeyIsFlat() {
        let keys = [Key](repeating: .down, count: 30)
        let hundred = work(rows: 100, keys: keys)
        let million = work(rows: 1_000_000, keys: keys)
        #expect(hundred.map(\.asked) == million.map(\.asked))
        #expect(hundred.map(\.measured) == million.map(\.measured))
        #expect(million.allSatisfy { $0.asked <= 1 && $0.measured <= 1 }, "\(million)")
    }

    @Test("End, Home, Page Down and Page Up with 1,000,000 rows each cost a screenful of cells")
    func jumpsAreFlat() {
        let keys: [Key] = [.end, .pageUp, .pageUp, .home, .pageDown, .end, .up, .home]
        for step in work(rows: 1_000_000, keys: keys) {
            #expect(step.asked <= 2 * 10 && step.measured <= 2 * 10, "\(step)")
        }
    }

    @Test("A table of 1,000,000 rows keeps about a screenful of cells, reusing those that scroll away")
    func cellsAreReused() {
        let rows = Rows(count: 1_000_000)
        let table = rows.table()
        var made = 0
        table.registerPrototype(reuseIdentifier: "Row") {
            made += 1
            let cell = TableViewCell()
            cell.addSubview(Label())
            return cell
        }
        _ = draw(table)
        table.didBecomeFocused()
        for key in [Key](repeating: .pageDown, count: 200) + [.end, .home] {
            _ = table.handle(key)
            _ = draw(table)
        }
        table.reloadData()
        _ = draw(table)
        // A screenful shown, and at most another measured on the way to the end.
        #expect(made <= 2 * 10, "\(made) cells made")
        #expect(rows.asked > 1_000, "every page's rows were asked for")
    }

    @Test("Sizing a table of 1,000,000 rows measures a tall screen's worth and estimates the rest")
    func heightIsEstimatedPastTheScreen() {
        let rows = Rows(count: 1_000_000)
        let table = rows.table()
        #expect(table.height(forWidth: 20, context: context) == 1_000_000)
        #expect(table.rowsMeasured <= TableView.exactHeightLimit + 1)
        let few = Rows(count: 3, text: { String(repeating: "word ", count: $0 + 1) })
        #expect(few.table().height(forWidth: 6, context: context) == 1 + 2 + 3, "exact when it fits a screen")
    }

    /// What a fresh table, with no cache, draws of the same rows scrolled to the same row.
    private func freshDrawing(of rows: Rows, like table: TableView, size: Size) -> [String] {
        let fresh = TableView()
        // The data source is a weak outlet, as in UIKit: held here while the table draws.
        let freshRows = FreshRows(rows: rows)
        fresh.dataSource = freshRows
        fresh.scrollToRow(at: IndexPath(row: table.firstVisibleRow, section: 0), at: .top, animated: false)
        fresh.selectRow(at: table.indexPathForSelectedRow, animated: false)
        return withExtendedLifetime(freshRows) { draw(fresh, size: size) }
    }

    /// The same rows, each cell made new: what reuse and caching must not change.
    final class FreshRows: TableViewDataSource {
        let rows: Rows
        init(rows: Rows) { self.rows = rows }
        func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { rows.count }
        func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell { rows.freshCell(indexPath.row) }
    }

    @Test("Random walks over 5,000 rows: cached heights and reused cells draw what a fresh table draws, after every insert, reload, resize, scroll and key", arguments: [1, 2, 3] as [UInt64])
    func cachesMatchAFreshTable(seed: UInt64) {
        var random = SplitMix(seed: seed)
        // Words of a row's own length, so that heights differ from row to row and with the width.
        var lengths = (0..<5_000).map { _ in Int.random(in: 1...6, using: &random) }
        let rows = Rows(count: lengths.count) { row in (0..<lengths[row]).map { "w\(row % 97)x\($0)" }.joined(separator: " ") }
        rows.text = { row in (0..<lengths[row]).map { "w\(row % 97)x\($0)" }.joined(separator: " ") }
        let table = rows.table()
        var size = Size(width: 24, height: 12)
        table.didBecomeFocused()
        for step in 0..<300 {
            switch Int.random(in: 0..<8, using: &random) {
            case 0:
                lengths.append(Int.random(in: 1...6, using: &random))
                rows.count = lengths.count
                table.reloadData()
            case 1:
                let row = Int.random(in: 0..<lengths.count, using: &random)
                lengths[row] = Int.random(in: 1...6, using: &random)
                table.reloadData()
            case 2:
                size = Size(width: Int.random(in: 8...40, using: &random), height: Int.random(in: 3...20, using: &random))
            case 3:
                let position = [TableView.ScrollPosition.none, .top, .middle, .bottom].randomElement(using: &random)!
                table.scrollToRow(at: IndexPath(row: Int.random(in: 0..<lengths.count, using: &random), section: 0), at: position, animated: false)
            default:
                _ = table.handle([Key.down, .up, .pageDown, .pageUp, .home, .end].randomElement(using: &random)!)
            }
            let drawn = draw(table, size: size)
            #expect(drawn == freshDrawing(of: rows, like: table, size: size), "seed \(seed), step \(step)")
            let cached = table.cachedRowHeights
            #expect(cached.width == size.width)
            for (row, height) in cached.heights {
                #expect(height == max(1, Layout.height(of: rows.freshCell(row), width: cached.width, context: context)), "seed \(seed), step \(step), row \(row)")
            }
            #expect(cached.heights.count <= 40 * (step + 2), "rows measured are those scrolled past, not all")
        }
    }

    @Test("The wallet with 1,000,000 transactions starts, scrolls to the end and back, and sends, asking only for the rows it shows")
    func walletWithAMillionTransactions() throws {
        var options = WalletOptions()
        options.demoTransactions = 1_000_000
        let harness = try WalletHarness(options: options)
        let table = try #require(harness.wallet.tableView)
        #expect(harness.text.contains("€ 5,432.01") && harness.text.contains("↓ 999993 more"), "\(harness.text)")
        try harness.run("<end>")
        #expect(harness.text.contains("↑ 999993 more"), "\(harness.text)")
        try harness.run("<home><down><down>")
        #expect(harness.text.contains("↓ 999993 more"), "\(harness.text)")
        try harness.run(WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>")
        #expect(harness.wallet.transactions.count == 1_000_001)
        #expect(harness.text.contains("-€ 12.34") && harness.text.contains("€ 5,419.67"), "\(harness.text)")
        // A few screenfuls (the start, the end, the start again, the end after the send), each a
        // handful of rows: never a number that grows with the transactions.
        #expect(table.cellsAsked <= 100, "\(table.cellsAsked) cells asked for")
        #expect(table.rowsMeasured <= 100, "\(table.rowsMeasured) rows measured")
    }

    /// Cells asked of the wallet and rows measured for each Down key, from the first row.
    private func walletDownKeys(transactions: Int, keys: Int) throws -> [(asked: Int, measured: Int)] {
        var options = WalletOptions()
        options.demoTransactions = transactions
        let harness = try WalletHarness(options: options)
        let table = try #require(harness.wallet.tableView)
        return try (0..<keys).map { _ in
            let (asked, measured) = (table.cellsAsked, table.rowsMeasured)
            try harness.run("<down>")
            return (table.cellsAsked - asked, table.rowsMeasured - measured)
        }
    }

    @Test("A Down key in the wallet asks for one cell at most and measures one row at most, with 1,000,000 transactions as with 10")
    func walletDownKeyIsFlat() throws {
        let ten = try walletDownKeys(transactions: 10, keys: 9)
        let million = try walletDownKeys(transactions: 1_000_000, keys: 9)
        // The same work while both lists scroll; the ninth Down shows the last of the ten rows,
        // which was measured already, and the million's next row: one cell, one row, at most.
        #expect(ten.prefix(8).map(\.asked) == million.prefix(8).map(\.asked))
        #expect(ten.prefix(8).map(\.measured) == million.prefix(8).map(\.measured))
        #expect(million.allSatisfy { $0.asked <= 1 && $0.measured <= 1 }, "\(million)")
    }
}
