import Terminal
import Views

/// A script's caption for the room (`#> text`): one or two rows in reverse video across the
/// screens at the bottom, over the keys' row (while a script plays the keys are the script's,
/// and the row above is often a tab bar's), so that the room reads what is about to happen.
struct Caption {
    let text: String

    /// The most rows a caption takes: what does not fit is cut with an ellipsis.
    static let maximumRows = 2

    func draw(on buffer: inout CellBuffer, theme: Theme) {
        let width = buffer.size.width
        guard width >= 4, buffer.size.height >= 4 else { return }
        let rows = Self.rows(of: theme.display(text), width: width - 2, ellipsis: theme.glyphs.ellipsis)
        let top = buffer.size.height - rows.count
        for (index, row) in rows.enumerated() {
            let y = top + index
            buffer.fill(Rect(x: 0, y: y, width: width, height: 1), with: Cell(" ", style: theme.focused))
            buffer.put(row, at: Point(x: max(1, (width - row.terminalWidth) / 2), y: y), style: theme.focused)
        }
    }

    /// The text in rows of at most `width` columns, by words, at most `maximumRows` of them.
    static func rows(of text: String, width: Int, ellipsis: String) -> [String] {
        var rows: [String] = []
        var line = ""
        for word in text.split(separator: " ").map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if candidate.terminalWidth <= width || line.isEmpty {
                line = candidate
            } else {
                rows.append(line)
                line = word
            }
        }
        if !line.isEmpty { rows.append(line) }
        if rows.count > maximumRows {
            rows = Array(rows.prefix(maximumRows))
            rows[maximumRows - 1] = (rows[maximumRows - 1] + " " + ellipsis)
        }
        return rows.map { $0.truncated(toWidth: width, ellipsis: ellipsis) }
    }
}
