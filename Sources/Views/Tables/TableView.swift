import Navigation
import Terminal

/// A scrolling list of rows made from the storyboard's prototype cells, as `UITableView`,
/// with a header view above the rows and a footer view below them. A line above or below the
/// rows says how many more there are. When the table has focus, Up, Down, Page Up, Page Down,
/// Home and End move the selection and scroll to it, whatever the rows do, and the selected row
/// stays on screen; Enter selects the row, which tells the delegate and fires the cell's
/// segues, and is left to the screen when the table has neither.
open class TableView: View, Drawable, Focusable, PrototypeCellRegistering, StaticSectionsHolding {
    /// Where `scrollToRow(at:at:animated:)` puts the row, as `UITableView.ScrollPosition`.
    public enum ScrollPosition: Sendable { case none, top, middle, bottom }

    /// Another data source gives other rows: the cells and heights of the old one are dropped,
    /// as UIKit reloads a table whose data source is set.
    @Outlet public var dataSource: TableViewDataSource? { didSet { if dataSource !== oldValue { reloadData() } } }
    @Outlet public var delegate: TableViewDelegate?
    /// Subviews, as in UIKit, set in code or by the storyboard: a change inside them is the table's.
    public var tableHeaderView: View? { didSet { replaceSubview(oldValue, with: tableHeaderView) } }
    public var tableFooterView: View? { didSet { replaceSubview(oldValue, with: tableFooterView) } }

    private var prototypes: [String: @MainActor () -> View] = [:]
    /// The storyboard's static sections, for a table with static cells: what a
    /// `TableViewController` gives as its rows unless a subclass says otherwise, as in UIKit.
    public private(set) var staticSections: [StaticTableSection] = []
    /// The cells of the rows on screen, by row counted across sections, and of rows asked for
    /// since the last frame: so drawing does not ask the data source again for a row it shows.
    /// A cell whose row leaves the screen goes to `reusableCells`, as in UIKit, so a table keeps
    /// about a screenful of cells however many rows it has.
    private var cells: [Int: TableViewCell] = [:]
    /// Cells made from prototypes whose rows left the screen, by reuse identifier: what
    /// `dequeueReusableCell` hands out before it makes a new one from the storyboard.
    private var reusableCells: [String: [TableViewCell]] = [:]
    public private(set) var indexPathForSelectedRow: IndexPath? { didSet { if indexPathForSelectedRow != oldValue { setNeedsDisplay() } } }
    /// The first row shown: what a scroll view's content offset is, in rows.
    public private(set) var firstVisibleRow = 0 { didSet { if firstVisibleRow != oldValue { setNeedsDisplay() } } }
    /// A scroll asked for since the last frame; done when the table is next laid out, when the
    /// rows' heights and the lines they have are known.
    private var pendingScroll: (row: Int, position: ScrollPosition)? { didSet { setNeedsDisplay() } }
    /// Rows that fitted when the table was last laid out, for Page Up and Page Down.
    private var rowsPerPage = 1
    /// Rows whole on screen when the table was last laid out.
    public private(set) var indexPathsForVisibleRows: [IndexPath] = []
    /// Where each row shown (whole or cut) was last laid out, for clicks.
    public private(set) var visibleRowFrames: [(indexPath: IndexPath, frame: Rect)] = []
    /// Rows' heights at `measuredWidth`, kept between frames until the data or the width changes,
    /// as UIKit caches them: only rows shown or scrolled past are ever measured.
    private var rowHeights: [Int: MeasuredRow] = [:]

    /// A row's height, with the cell measured and the display generation it had then: that cell
    /// changed in code since (a section title, a label that wraps) is measured again.
    @MainActor
    private struct MeasuredRow {
        let lines: Int
        weak var cell: TableViewCell?
        let generation: Int
        /// Whether the cell holds a view that keeps layout (a table, a container view), which
        /// the table's layout pass then lays out: known once per measure, not walked every frame.
        let holdsLayout: Bool

        func isCurrent(for cell: TableViewCell?) -> Bool {
            guard let cell, cell === self.cell else { return true }
            return cell.displayGeneration == generation
        }
    }
    private var measuredWidth = -1
    /// Lines a row not yet measured counts for in `height(forWidth:)`, as UIKit's
    /// `estimatedRowHeight`, beyond the rows measured to fill the tallest screen.
    public var estimatedRowHeight = 1 { didSet { if estimatedRowHeight != oldValue { setNeedsDisplay() } } }
    /// Counts of the table's own work, for tests that check it does not grow with the rows:
    /// cells asked of the data source, and rows measured.
    package private(set) var cellsAsked = 0
    package private(set) var rowsMeasured = 0

    public override init() { super.init() }

    open override func addSubview(_ view: View, forKey key: String) {
        switch key {
        case "tableHeaderView": tableHeaderView = view
        case "tableFooterView": tableFooterView = view
        default: super.addSubview(view, forKey: key)
        }
    }

    private func replaceSubview(_ old: View?, with new: View?) {
        guard new !== old else { return }
        if let old, old.superview === self { old.removeFromSuperview() }
        if let new { addSubview(new) }
        setNeedsDisplay()
    }

    public func setStaticSections(_ sections: [StaticTableSection]) {
        setNeedsDisplay()
        staticSections = sections
        for cell in sections.flatMap(\.cells) { cell.drawingSuperview = self }
        // A section's titles are drawn with its first and last cells, as lines no selection covers.
        for section in sections {
            (section.cells.first as? TableViewCell)?.sectionHeaderTitle = section.headerTitle
            (section.cells.last as? TableViewCell)?.sectionFooterTitle = section.footerTitle
        }
        reloadData()
    }

    public func registerPrototype(reuseIdentifier: String, make: @escaping @MainActor () -> View) {
        if prototypes[reuseIdentifier] == nil { prototypeReuseIdentifiers.append(reuseIdentifier) }
        prototypes[reuseIdentifier] = make
    }

    /// The reuse identifiers of the storyboard's prototype cells, in the order of the file.
    public private(set) var prototypeReuseIdentifiers: [String] = []

    /// A cell made from the prototype with this reuse identifier. Asking for one the table does
    /// not have is a programming error: it is reported, and an empty cell stands in.
    public func dequeueReusableCell(withIdentifier identifier: String, for indexPath: IndexPath) -> TableViewCell {
        if let cell = cells[flatRow(indexPath)], cell.reuseIdentifier == identifier { return cell }
        if let cell = reusableCells[identifier]?.popLast() { return cell }
        guard let make = prototypes[identifier], let cell = make() as? TableViewCell else {
            viewController?.window?.report("the table has no prototype cell with reuse identifier \"\(identifier)\"; add one in the storyboard")
            return TableViewCell()
        }
        cell.reuseIdentifier = identifier
        cell.isReusable = true
        return cell
    }

    /// A cell from the prototype, as the class the data source expects: the typed form of
    /// `dequeueReusableCell(withIdentifier:for:) as! T`. When the storyboard gives the prototype
    /// another class, the mistake is reported and nil returned, where the cast would crash.
    public func dequeueReusableCell<T: TableViewCell>(withIdentifier identifier: String, for indexPath: IndexPath, as type: T.Type) -> T? {
        let cell = dequeueReusableCell(withIdentifier: identifier, for: indexPath)
        guard let typed = cell as? T else {
            if prototypes[identifier] != nil {
                viewController?.window?.report("the prototype cell \"\(identifier)\" is a \(Swift.type(of: cell)), but the app needs a \(T.self); set "
                    + "its class to \(T.self) in the storyboard")
            }
            return nil
        }
        return typed
    }

    /// Asks the data source for the rows again.
    public func reloadData() {
        setNeedsDisplay()
        for row in Array(cells.keys) { recycleCell(ofRow: row) }
        rowHeights = [:]
        if let selected = indexPathForSelectedRow, selected.row >= numberOfRows {
            indexPathForSelectedRow = numberOfRows > 0 ? IndexPath(row: numberOfRows - 1, section: 0) : nil
        }
    }

    public var numberOfRows: Int {
        guard let dataSource else { return 0 }
        // A loop, not `reduce`: the chain asks for every key and frame, and a closure here
        // checks its actor at each call.
        var rows = 0
        for section in 0..<dataSource.numberOfSections(in: self) { rows += dataSource.tableView(self, numberOfRowsInSection: section) }
        return rows
    }

    /// Rows are counted across sections; this table shows one section after another.
    private func indexPath(forRow row: Int) -> IndexPath {
        guard let dataSource else { return IndexPath(row: row, section: 0) }
        var remaining = row
        for section in 0..<dataSource.numberOfSections(in: self) {
            let count = dataSource.tableView(self, numberOfRowsInSection: section)
            if remaining < count { return IndexPath(row: remaining, section: section) }
            remaining -= count
        }
        return IndexPath(row: row, section: 0)
    }

    private func flatRow(_ indexPath: IndexPath) -> Int {
        guard let dataSource else { return indexPath.row }
        return (0..<indexPath.section).reduce(0) { $0 + dataSource.tableView(self, numberOfRowsInSection: $1) } + indexPath.row
    }

    public func cellForRow(at indexPath: IndexPath) -> TableViewCell? {
        let row = flatRow(indexPath)
        if let cell = cells[row] { return cell }
        guard let dataSource else { return nil }
        cellsAsked += 1
        let cell = dataSource.tableView(self, cellForRowAt: indexPath)
        cell.drawingSuperview = self
        cells[row] = cell
        return cell
    }

    /// Puts a row's cell where `dequeueReusableCell` finds it, when a prototype made it; a cell
    /// the data source keeps itself (a static cell) is only let go.
    private func recycleCell(ofRow row: Int) {
        guard let cell = cells.removeValue(forKey: row) else { return }
        if cell.isReusable, let identifier = cell.reuseIdentifier, !reusableCells[identifier, default: []].contains(where: { $0 === cell }) {
            reusableCells[identifier, default: []].append(cell)
        }
    }

    public func selectRow(at indexPath: IndexPath?, animated: Bool) {
        indexPathForSelectedRow = indexPath
    }

    /// Selects a row and scrolls to it, as UIKit's `selectRow(at:animated:scrollPosition:)`.
    public func selectRow(at indexPath: IndexPath?, animated: Bool, scrollPosition: ScrollPosition) {
        selectRow(at: indexPath, animated: animated)
        if let indexPath { scrollToRow(at: indexPath, at: scrollPosition, animated: animated) }
    }

    /// Scrolls so that the row shows at `position`, as UIKit's: after `reloadData()`, this is how
    /// a new row is brought into view. It takes effect when the table is next laid out.
    public func scrollToRow(at indexPath: IndexPath, at position: ScrollPosition, animated: Bool) {
        pendingScroll = (flatRow(indexPath), position)
    }

    public func deselectRow(at indexPath: IndexPath, animated: Bool) {
        if indexPathForSelectedRow == indexPath { indexPathForSelectedRow = nil }
    }

    // MARK: Keys

    public var canBecomeFocused: Bool { !isHidden && numberOfRows > 0 }

    /// Selects the first row on screen when the table takes focus with none selected, or with
    /// its selected row scrolled away while focus was elsewhere (by a send, a smaller terminal):
    /// focus lands where the user is looking, as UIKit's focus engine moves focus only to a cell
    /// on screen, rather than scrolling back and undoing the scroll the user has just seen.
    public func didBecomeFocused() {
        let count = numberOfRows
        guard count > 0 else { return }
        if let selected = indexPathForSelectedRow, isShownAfterScroll(selected) { return }
        // A scroll not yet drawn shows its row next, whatever the last frame showed.
        let row = pendingScroll?.row ?? firstVisibleRow
        selectRow(at: indexPath(forRow: min(max(0, row), count - 1)), animated: false, scrollPosition: .none)
    }

    /// Whether the row shows whole in the last frame, or is the one a scroll not yet drawn
    /// brings into view (the other rows that frame will show are not known before it is drawn).
    private func isShownAfterScroll(_ indexPath: IndexPath) -> Bool {
        if let scroll = pendingScroll { return scroll.row == flatRow(indexPath) }
        return indexPathsForVisibleRows.contains(indexPath)
    }

    /// Whether Enter on the selected row does something: the delegate hears of it, or the cell
    /// has segues or actions. The footer names Enter only then. A stand-in delegate runs no code
    /// (`wallet storyboard run`): it hears of the row and does nothing with it.
    public var selectingRowActs: Bool {
        guard let indexPath = indexPathForSelectedRow else { return false }
        // A stand-in acts when a segue is declared for the selection (`selects:`), or to say
        // what could be, when its scene has segues to perform.
        let delegateActs = delegate.map { delegate in
            guard let standIn = delegate as? any StandIn else { return true }
            return standIn.standingInFor.behaviours.selects != nil || !standIn.standingInFor.performableSegues.isEmpty
        } ?? false
        return delegateActs || cellForRow(at: indexPath).map { !$0.connections.isEmpty } ?? false
    }

    /// Whether Right on the selected row does something: its detail button has segues.
    public var selectedRowHasAccessoryAction: Bool {
        guard let indexPath = indexPathForSelectedRow, let cell = cellForRow(at: indexPath) else { return false }
        return !cell.accessoryConnections.isEmpty
    }

    /// Moving the selection, opening the selected row and its accessory; the footer says
    /// `move`, and `open` and `detail` only where they do something.
    public var keyCommands: [KeyCommand] { Self.commands }
    private static let commands = KeyBindings.commands(in: .table)

    public func title(for command: KeyCommand) -> String {
        switch command.action {
        case .lineUp, .lineDown: "move"
        case .openRow: "open"
        case .rowAccessory: "detail"
        default: ""
        }
    }

    /// The selection's moves, where it can move: at the first or last row of a longer table Up
    /// or Down stays (a presenter who holds Down must not leave the list); a table of one row
    /// selected has nowhere to go, and the keys go on up the chain.
    public func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool {
        switch action {
        case .lineUp, .pageUp, .top, .lineDown, .pageDown, .bottom:
            let rows = numberOfRows
            return rows > 1 || (rows == 1 && indexPathForSelectedRow == nil)
        // Enter is performed only where it does something: Contacts opens Amount, the wallet's
        // transactions do nothing when chosen.
        case .openRow: return selectingRowActs
        case .rowAccessory: return selectedRowHasAccessoryAction
        default: return false
        }
    }

    public func perform(_ action: KeyAction, withSender sender: Key) {
        let count = numberOfRows
        let current = indexPathForSelectedRow.map(flatRow) ?? -1
        let target: Int
        switch action {
        case .lineUp: target = current - 1
        case .lineDown: target = current + 1
        case .pageUp: target = current - rowsPerPage
        case .pageDown: target = current + rowsPerPage
        case .top: target = 0
        case .bottom: target = count - 1
        case .openRow:
            activateSelectedRow()
            return
        case .rowAccessory:
            // Right is the row's detail button (its accessory), on the right of the row as on iOS.
            guard let indexPath = indexPathForSelectedRow, let cell = cellForRow(at: indexPath) else { return }
            cell.accessoryConnections.fire(sender: cell)
            return
        default:
            return
        }
        guard count > 0 else { return }
        selectRow(at: indexPath(forRow: min(max(0, target), count - 1)), animated: true, scrollPosition: .none)
    }

    /// Does what `key` does to a focused table, as the chain would; false when it does nothing.
    @discardableResult
    public func handle(_ key: Key) -> Bool { ResponderChain([self]).send(key) }

    /// What a tap on the selected row does: the delegate hears of it, then the cell's segues fire
    /// with the cell as sender.
    public func activateSelectedRow() {
        guard let indexPath = indexPathForSelectedRow else { return }
        delegate?.tableView(self, didSelectRowAt: indexPath)
        if let cell = cellForRow(at: indexPath) { cell.sendActions() }
    }

    // MARK: Drawing

    public var fillsHeight: Bool { true }
    public var keepsLayout: Bool { true }

    /// The lines the header and every row take: exact up to the tallest screen, which is what
    /// callers compare it with; past it, rows not yet measured count as `estimatedRowHeight`, so
    /// that a table of a million rows is not measured whole to size a sheet.
    public func height(forWidth width: Int, context: DrawContext) -> Int {
        var total = [tableHeaderView, tableFooterView].reduce(0) { total, view in
            guard let view, !view.isHidden else { return total }
            return total + Layout.height(of: view, width: width, context: context) + 1
        }
        let count = numberOfRows
        var row = 0
        while row < count, total <= Self.exactHeightLimit {
            total += rowHeight(row, width: width, context: context)
            row += 1
        }
        return total + (count - row) * max(1, estimatedRowHeight)
    }

    /// Lines beyond which `height(forWidth:)` estimates: more than any screen has.
    public static let exactHeightLimit = 1_000

    /// What the last layout decided, which drawing reads: where the header, the rows, the
    /// lines that say how many more rows there are, and the footer go, for the rect, focus and
    /// display generation it was laid out with.
    private struct LaidOut {
        let rect: Rect
        var isFocused = false
        var generation = 0
        /// The rows the data source had.
        var rowCount = 0
        var header: (view: View, frame: Rect)?
        var headerLine: Point?
        var rows: [(row: Int, indexPath: IndexPath, frame: Rect)] = []
        var moreAbove: Rect?
        var moreBelow: Rect?
        var footer: (view: View, frame: Rect, line: Point)?

        /// Whether drawing now would draw what this layout decided. (A data source whose rows
        /// change without `reloadData()` shows them from the next frame's layout, as in UIKit.)
        func isCurrent(rect: Rect, isFocused: Bool, generation: Int) -> Bool {
            self.rect == rect && self.isFocused == isFocused && self.generation == generation
        }
    }
    private var laidOut: LaidOut?
    /// Layouts that drawing had to do itself: a table drawn by a custom `Drawable` that did not
    /// lay it out first. None in this project's own views, which tests check.
    package private(set) var layoutsWhileDrawing = 0

    /// The header view on top, under a line; the rows; then the footer view, over a line, right
    /// under the last row or, when the rows scroll, on the table's last lines, as UIKit's footer
    /// ends the content and a terminal has no room to scroll it away.
    ///
    /// Layout decides which rows show: a scroll asked for, the selected row kept in view when
    /// the table has focus, the cells of rows that left given back for reuse, and how many rows
    /// Page Down moves.
    open func layOut(in rect: Rect, context: DrawContext) {
        var laid = LaidOut(rect: rect)
        var area = rect
        if let header = tableHeaderView, !header.isHidden {
            let height = Layout.height(of: header, width: rect.width, context: context)
            laid.header = (header, area.top(height))
            Layout.layOut(header, in: area.top(height), context: context)
            area = area.dropTop(height)
            if area.height > 0 {
                laid.headerLine = area.origin
                area = area.dropTop(1)
            }
        }
        // The footer takes its lines only when a row's line is left for the rows.
        var footer: (view: View, height: Int)?
        if let view = tableFooterView, !view.isHidden {
            let height = min(Layout.height(of: view, width: area.width, context: context), area.height - 2)
            if height > 0 {
                footer = (view, height)
                area = area.top(area.height - height - 1)
            }
        }
        let end = layOutRows(in: area, laid: &laid, context: context)
        if let footer {
            let frame = Rect(x: area.x, y: end + 1, width: area.width, height: footer.height)
            laid.footer = (footer.view, frame, Point(x: area.x, y: end))
            Layout.layOut(footer.view, in: frame, context: context)
        }
        laid.isFocused = context.isFocused(self)
        laid.generation = displayGeneration
        laidOut = laid
    }

    open func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        if laidOut.map({ !$0.isCurrent(rect: rect, isFocused: context.isFocused(self), generation: displayGeneration) }) ?? true {
            layoutsWhileDrawing += 1
            layOut(in: rect, context: context)
        }
        guard let laid = laidOut else { return }
        if let header = laid.header { Layout.draw(header.view, in: header.frame, buffer: &buffer, context: context) }
        if let line = laid.headerLine { drawLine(at: line, width: rect.width, buffer: &buffer, context: context) }
        if let above = laid.moreAbove { drawMore(context.glyphs.up, count: firstVisibleRow, in: above, buffer: &buffer, context: context) }
        let selected = indexPathForSelectedRow.map(flatRow)
        for (row, path, rowRect) in laid.rows {
            let cell = cells[row]
            if let cell {
                // The row is what a click presses, not the controls in its cell.
                Layout.draw(cell, in: rowRect, buffer: &buffer, context: context.withoutPlaces)
            }
            if row == selected {
                let focused = context.isFocused(self)
                let titled = rowRect.inset(top: cell?.sectionHeaderTitle == nil ? 0 : 1, left: 0,
                                           bottom: cell?.sectionFooterTitle == nil ? 0 : 1, right: 0)
                buffer.restyle(titled) { style in
                    focused ? context.theme.focused.merged(style) : context.theme.selected.merged(style)
                }
            }
            context.places?.note(nil, at: rowRect, target: .row(self, path))
        }
        if let below = laid.moreBelow {
            let shownThrough = laid.rows.last.map { $0.row + 1 } ?? firstVisibleRow
            drawMore(context.glyphs.down, count: laid.rowCount - shownThrough, in: below, buffer: &buffer, context: context)
        }
        if let footer = laid.footer {
            drawLine(at: footer.line, width: footer.frame.width, buffer: &buffer, context: context)
            Layout.draw(footer.view, in: footer.frame, buffer: &buffer, context: context)
        }
    }

    /// The line between the header or footer view and the rows.
    private func drawLine(at point: Point, width: Int, buffer: inout CellBuffer, context: DrawContext) {
        buffer.put(String(repeating: context.glyphs.horizontal, count: width), at: point, style: context.theme.secondaryText)
    }

    /// Lines a row takes at this width, measured once until the data or the width changes.
    /// `keepingCell`: drawing keeps the cells of the rows it measures, which it is about to show
    /// (it gives back those it does not at the end of the frame); other measuring gives back the
    /// cell of a row not shown at once, so that it keeps no more cells than drawing does.
    private func rowHeight(_ row: Int, width: Int, context: DrawContext, keepingCell: Bool = false) -> Int {
        if width != measuredWidth {
            rowHeights = [:]
            measuredWidth = width
        }
        if let measured = rowHeights[row], measured.isCurrent(for: cells[row]) { return measured.lines }
        let shown = keepingCell || cells[row] != nil
        let cell = cellForRow(at: indexPath(forRow: row))
        let height = cell.map { max(1, Layout.height(of: $0, width: width, context: context)) } ?? 1
        if !shown { recycleCell(ofRow: row) }
        rowsMeasured += 1
        rowHeights[row] = MeasuredRow(lines: height, cell: cell, generation: cell?.displayGeneration ?? 0,
                                      holdsLayout: cell.map(Layout.holdsLayout) ?? false)
        return height
    }

    /// The height of every row measured so far, for tests that compare it with a fresh measure.
    package var cachedRowHeights: (width: Int, heights: [Int: Int]) { (measuredWidth, rowHeights.mapValues(\.lines)) }

    /// Decides the rows that show in `area`; returns the line under the last one.
    private func layOutRows(in area: Rect, laid: inout LaidOut, context: DrawContext) -> Int {
        let count = numberOfRows
        laid.rowCount = count
        indexPathsForVisibleRows = []
        visibleRowFrames = []
        guard count > 0, area.height > 0 else { return area.y }
        laid.rows.reserveCapacity(area.height)
        let viewport = RowViewport(count: count, lines: area.height) { self.rowHeight($0, width: area.width, context: context, keepingCell: true) }
        if let scroll = pendingScroll {
            firstVisibleRow = viewport.firstRow(showing: min(max(0, scroll.row), count - 1), at: scroll.position, from: firstVisibleRow)
            pendingScroll = nil
        }
        firstVisibleRow = viewport.clamped(firstVisibleRow)
        if context.isFocused(self), let selected = indexPathForSelectedRow.map(flatRow), selected < count {
            // A focused table shows what Enter would open, as the keys that move the selection
            // scroll to it: a resize or a reload that pushes the row out scrolls back to it.
            firstVisibleRow = viewport.firstRow(showing: selected, at: .none, from: firstVisibleRow)
        }

        // Too few lines for a row beside the lines that say how many more there are (a table
        // one or two lines high in a small terminal): rows show in them, the first cut if need
        // be, rather than those lines alone.
        let crowded = area.height <= (firstVisibleRow > 0 ? 1 : 0) + (firstVisibleRow < count - 1 ? 1 : 0)
        var y = area.y
        if firstVisibleRow > 0, !crowded {
            laid.moreAbove = Rect(x: area.x, y: y, width: area.width, height: 1)
            y += 1
        }
        var row = firstVisibleRow
        while row < count {
            let height = viewport.height(row)
            let room = area.maxY - y - (row < count - 1 && !crowded ? 1 : 0)
            // A row taller than the table shows cut rather than not at all.
            let cut = row == firstVisibleRow && height > room
            guard height <= room || cut, room > 0 else { break }
            let rowRect = Rect(x: area.x, y: y, width: area.width, height: min(height, room))
            let path = indexPath(forRow: row)
            if let cell = cellForRow(at: path), rowHeights[row]?.holdsLayout == true {
                Layout.layOut(cell, in: rowRect, context: context.withoutPlaces)
            }
            if !cut { indexPathsForVisibleRows.append(path) }
            visibleRowFrames.append((path, rowRect))
            laid.rows.append((row, path, rowRect))
            y += rowRect.height
            row += 1
        }
        if row < count, !crowded {
            laid.moreBelow = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
        }
        rowsPerPage = max(1, indexPathsForVisibleRows.count - 1)
        // Rows that left the screen give their cells back for the rows that come into it; the
        // two rows below the last shown, measured to know that they did not fit, keep theirs for
        // the Down keys that show them.
        for kept in Array(cells.keys) where kept < firstVisibleRow || kept > row + 1 { recycleCell(ofRow: kept) }
        return row < count ? area.maxY : y
    }

    /// The line that says rows are hidden above or below, and how many.
    private func drawMore(_ arrow: String, count: Int, in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        let text = "\(arrow) \(count) more"
        buffer.put(text, at: Point(x: rect.x + max(0, (rect.width - text.terminalWidth) / 2), y: rect.y), style: context.theme.secondaryText, clip: rect)
    }
}

/// A controller whose view is a table, as `UITableViewController`: it is the table's data
/// source and delegate, and subclasses override the methods they need.
open class TableViewController: ViewController, TableViewDataSource, TableViewDelegate {
    public override init() { super.init() }

    public var tableView: TableView! { view as? TableView }

    open override func loadView() {
        super.loadView()
        if !(view is TableView) { view = TableView() }
        if tableView.dataSource == nil { tableView.dataSource = self }
        if tableView.delegate == nil { tableView.delegate = self }
    }

    // With static cells, the storyboard's sections and cells; else no rows.
    open func numberOfSections(in tableView: TableView) -> Int { max(1, tableView.staticSections.count) }
    open func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        section < tableView.staticSections.count ? tableView.staticSections[section].cells.count : 0
    }
    open func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        guard indexPath.section < tableView.staticSections.count else { return TableViewCell() }
        let cells = tableView.staticSections[indexPath.section].cells
        return indexPath.row < cells.count ? cells[indexPath.row] as? TableViewCell ?? TableViewCell() : TableViewCell()
    }
    open func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
}

/// A collection view controller, as `UICollectionViewController`, drawn as a list: its cells one
/// a row, in a table (a terminal has no grid of images to lay out, and a list keeps each cell's
/// segue a key away). Its data source methods are a table's.
open class CollectionViewController: TableViewController {}
