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


    /// The narrowest last row a caption is given: less, and it takes the whole row.
    static let minimumRoom = 24

    /// The last row's room at `width`: the width, less the notes' room when that leaves a
    /// usable row.
    private func room(width: Int) -> Int { width - noteRoom >= Self.minimumRoom ? width - noteRoom : width }

    /// The caption's rows at `width`: one when it fits, else two, the last kept out of the notes' room.
    private func rows(width: Int, theme: Theme) -> [String] {
        let room = room(width: width)
        let text = theme.display(text)
        let oneRow = Self.rows(of: text, widths: [room - 2], ellipsis: theme.glyphs.ellipsis)
        if oneRow.count == 1, !oneRow[0].hasSuffix(theme.glyphs.ellipsis) { return oneRow }
        // Two rows, each in its room, as even as they can be; cut with an ellipsis only when no
        // split holds the whole text.
        let words = text.split(separator: " ").map(String.init)
        var best: (rows: [String], difference: Int)?
        for split in 1..<max(1, words.count) {
            let first = words[..<split].joined(separator: " "), last = words[split...].joined(separator: " ")
            let (firstWidth, lastWidth) = (first.terminalWidth, last.terminalWidth)
            guard firstWidth <= width - 2, lastWidth <= room - 2 else { continue }
            let difference = abs(firstWidth - lastWidth)
            if best.map({ difference < $0.difference }) ?? true { best = ([first, last], difference) }
        }
        if let best { return best.rows }
        return Self.rows(of: text, widths: [width - 2, room - 2], ellipsis: theme.glyphs.ellipsis)
    }

    /// Whether the whole caption shows at `width`, nothing cut, its notes' room kept.
    func fits(width: Int, theme: Theme) -> Bool {
        width - noteRoom >= Self.minimumRoom && !(rows(width: width, theme: theme).last?.hasSuffix(theme.glyphs.ellipsis) ?? false)
    }

    func draw(on buffer: inout CellBuffer, theme: Theme) {
        let width = buffer.size.width
        guard width >= 4, buffer.size.height >= 4 else { return }
        let room = room(width: width)
        let rows = rows(width: width, theme: theme)
        let top = buffer.size.height - rows.count
        for (index, row) in rows.enumerated() {
            let y = top + index
            let rowRoom = index == rows.count - 1 ? room : width
            // The last row's band ends where its room does: the columns after it are another
            // layer's (the keys shown, the player's notes), left blank for them.
            buffer.fill(Rect(x: 0, y: y, width: width, height: 1))
            buffer.fill(Rect(x: 0, y: y, width: rowRoom, height: 1), with: Cell(" ", style: theme.focused))
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
