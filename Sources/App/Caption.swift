import Terminal
import Views

/// A script's caption for the room (`#> text`): one or two rows in reverse video across the
/// screens at the bottom, over the keys' row (while a script plays the keys are the script's,
/// and the row above is often a tab bar's), so that the room reads what is about to happen. Its
/// text keeps out of the last `noteRoom` columns of its last row, where a playing script's
/// notes go.
struct Caption {
    let text: String
    var noteRoom = 0


    func draw(on buffer: inout CellBuffer, theme: Theme) {
        let width = buffer.size.width
        guard width >= 4, buffer.size.height >= 4 else { return }
        // The last row's room: the width, less the notes' room when that leaves a usable row.
        let room = width - noteRoom >= 24 ? width - noteRoom : width
        let text = theme.display(text)
        let oneRow = Self.rows(of: text, widths: [room - 2], ellipsis: theme.glyphs.ellipsis)
        let rows = oneRow.count == 1 && !oneRow[0].hasSuffix(theme.glyphs.ellipsis)
            ? oneRow : Self.rows(of: text, widths: [width - 2, room - 2], ellipsis: theme.glyphs.ellipsis)
        let top = buffer.size.height - rows.count
        for (index, row) in rows.enumerated() {
            let y = top + index
            let rowRoom = index == rows.count - 1 ? room : width
            buffer.fill(Rect(x: 0, y: y, width: width, height: 1), with: Cell(" ", style: theme.focused))
            buffer.put(row, at: Point(x: max(1, (rowRoom - row.terminalWidth) / 2), y: y), style: theme.focused)
        }
    }

    /// The text in rows by words, as many rows as `widths` has, each at most as wide as its
    /// width: what does not fit is cut with an ellipsis.
    static func rows(of text: String, widths: [Int], ellipsis: String) -> [String] {
        var rows: [String] = []
        var line = ""
        var words = text.split(separator: " ").map(String.init)[...]
        while let word = words.first, rows.count < widths.count {
            let candidate = line.isEmpty ? word : line + " " + word
            if candidate.terminalWidth <= widths[rows.count] || line.isEmpty {
                line = candidate
                words.removeFirst()
            } else {
                rows.append(line)
                line = ""
            }
        }
        if !line.isEmpty, rows.count < widths.count { rows.append(line) }
        if !words.isEmpty, let last = rows.indices.last { rows[last] += " " + ellipsis }
        return rows.enumerated().map { $0.element.truncated(toWidth: widths[$0.offset], ellipsis: ellipsis) }
    }
}
