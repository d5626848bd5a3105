/// Which rows of a table show in its lines: whole rows from a first one, with a line saying how
/// many rows are above when the first is not row 0, and one saying how many are below when the
/// last is not shown. It measures only the rows it looks at, so a table of thousands of rows
/// costs what a screenful does.
struct RowViewport {
    let count: Int
    let lines: Int
    /// Lines a row takes, at least 1.
    let height: (Int) -> Int

    /// Whether rows `first...last` show whole, with the indicator lines they need.
    func fits(_ first: Int, through last: Int) -> Bool {
        guard first <= last else { return true }
        var used = (first > 0 ? 1 : 0) + (last < count - 1 ? 1 : 0)
        for row in first...last {
            used += height(row)
            if used > lines { return false }
        }
        return used <= lines
    }

    /// `first`, or an earlier row when the rows from `first` to the end would leave lines empty
    /// (after a reload with fewer rows, or a scroll to the last row's top). Measures the rows
    /// from `first` until they fill the lines, which drawing needs anyway.
    func clamped(_ first: Int) -> Int {
        let first = min(max(0, first), max(0, count - 1))
        var used = first > 0 ? 1 : 0
        for row in first..<count {
            used += height(row)
            if used > lines { return first }
        }
        return min(first, lastFirstRow)
    }

    /// The first row of the last screenful: scrolling further would leave lines empty.
    var lastFirstRow: Int { count > 0 ? firstRow(endingAt: count - 1) : 0 }

    /// The earliest first row with which rows `first...last` show whole: each row is measured
    /// once, walking up from `last`, so this costs a screenful whatever the row count.
    private func firstRow(endingAt last: Int) -> Int {
        var first = last
        // The rows `first...last`, and the line below them when `last` is not the last row.
        var used = height(last) + (last < count - 1 ? 1 : 0)
        // Adding the row above keeps them whole when it fits with the line above it, if any.
        while first > 0, used + height(first - 1) + (first - 1 > 0 ? 1 : 0) <= lines {
            first -= 1
            used += height(first)
        }
        return first
    }

    /// The first row to show so that `row` shows at `position`, as `scrollToRow(at:at:animated:)`
    /// asks; `.none` scrolls only as far as it takes to show the row whole.
    func firstRow(showing row: Int, at position: TableView.ScrollPosition, from current: Int) -> Int {
        switch position {
        case .top:
            return row
        case .bottom:
            return firstRow(endingAt: row)
        case .middle:
            let above = max(0, (lines - height(row)) / 2 - 1)
            var first = row, used = 0
            while first > 0, used + height(first - 1) <= above {
                first -= 1
                used += height(first)
            }
            return first
        case .none:
            if row < current { return row }
            return fits(current, through: row) ? current : firstRow(showing: row, at: .bottom, from: current)
        }
    }
}
