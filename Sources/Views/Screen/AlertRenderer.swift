import Navigation
import Terminal

/// Draws an alert inside its box: the title on top, the buttons on the bottom row whatever the
/// height (one a row, the first on top, when they do not fit side by side, as UIKit stacks an
/// alert's actions), and the message between them. A message longer than the room scrolls, with
/// a line above and below it saying how many lines are hidden, so that every line can be read
/// on a small terminal and the buttons never are pushed off.
@MainActor
struct AlertRenderer {
    let theme: Theme

    /// The alert's box, frame included, centred in `area`.
    func rect(for alert: AlertController, in area: Rect) -> Rect {
        let width = min(max(44, messageWidth(alert) + 6), area.width - 2)
        let height = self.height(alert, width: width - 2) + 2
        return Rect(x: area.x + (area.width - width) / 2, y: area.y + max(0, (area.height - height) / 2),
                    width: width, height: min(height, area.height))
    }

    private func messageWidth(_ alert: AlertController) -> Int {
        lines(alert, width: .max).map(\.terminalWidth).max() ?? 0
    }

    /// The message's lines at this width.
    private func lines(_ alert: AlertController, width: Int) -> [String] {
        guard let message = alert.message else { return [] }
        return theme.display(message).wrapped(toWidth: max(1, width))
    }

    /// Rows inside the frame: title, a blank line, the message, a blank line, the buttons.
    private func height(_ alert: AlertController, width: Int) -> Int {
        let message = lines(alert, width: width - 2).count
        return 1 + (message > 0 ? message + 1 : 0) + 1 + buttonRows(alert, width: width)
    }

    /// The buttons' labels side by side, two columns apart: one row when they fit in `width`,
    /// else one row each.
    private func buttonRows(_ alert: AlertController, width: Int) -> Int {
        let widths = buttonWidths(alert)
        return widths.reduce(0, +) + 2 * max(0, widths.count - 1) <= width ? 1 : max(1, widths.count)
    }

    private func buttonWidths(_ alert: AlertController) -> [Int] {
        let context = DrawContext(theme: theme, focused: nil, isActive: true)
        return alert.buttons.map { $0.label(context).terminalWidth }
    }

    /// Where the message goes in an alert drawn in `rect`: its lines, its first row, the rows it
    /// has, and the rows of buttons under it.
    private struct MessageLayout {
        let lines: [String]
        let top: Int
        let room: Int
        let buttonRows: Int
    }

    private func messageLayout(_ alert: AlertController, in rect: Rect) -> MessageLayout {
        let lines = lines(alert, width: rect.width - 2)
        let buttonRows = buttonRows(alert, width: rect.width)
        // With no row left for the message between its blank lines (stacked buttons in a small
        // terminal), the blank line under the title takes it.
        let compact = !lines.isEmpty && rect.height - 3 - buttonRows < 1
        return MessageLayout(lines: lines, top: rect.y + (compact ? 1 : 2), room: max(0, rect.height - (compact ? 2 : 3) - buttonRows),
                             buttonRows: buttonRows)
    }

    /// Tells the alert how long its message is and how much of it shows in `rect`: what its
    /// scrolling keys go by, decided by layout so that keys handled between two frames scroll
    /// as they would one frame each.
    func layOut(_ alert: AlertController, in rect: Rect) {
        let layout = messageLayout(alert, in: rect)
        alert.messageDidLayout(lines: layout.lines.count, visible: layout.room)
    }

    /// A short message is centred line by line; one of several lines (a list of keys) keeps its
    /// columns as a left-aligned block.
    func draw(_ alert: AlertController, in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        guard rect.height > 0 else { return }
        if let title = alert.title {
            let shown = theme.display(title).truncated(toWidth: rect.width, ellipsis: theme.glyphs.ellipsis)
            buffer.put(shown, at: Point(x: rect.x + (rect.width - shown.terminalWidth) / 2, y: rect.y), style: theme.title)
        }
        let layout = messageLayout(alert, in: rect)
        let (lines, top, room, buttonRows) = (layout.lines, layout.top, layout.room, layout.buttonRows)
        let offset = alert.messageOffset
        let block = lines.map(\.terminalWidth).max() ?? 0
        let multiline = lines.count > 2
        for (row, line) in lines.dropFirst(offset).prefix(room).enumerated() {
            let x = multiline ? rect.x + (rect.width - block) / 2 : rect.x + (rect.width - line.terminalWidth) / 2
            buffer.put(line, at: Point(x: x, y: top + row), style: theme.text, clip: rect)
        }
        let buttonsTop = rect.maxY - buttonRows
        if room > 0, offset > 0 {
            drawMore(theme.glyphs.up, count: offset, y: top - 1, above: buttonsTop, in: rect, buffer: &buffer)
        }
        let below = lines.count - offset - room
        if room > 0, below > 0 {
            drawMore(theme.glyphs.down, count: below, y: top + room, above: buttonsTop, in: rect, buffer: &buffer)
        }
        drawButtons(alert, rows: buttonRows, in: rect, buffer: &buffer, context: context)
    }

    /// The line that says lines of the message are hidden above or below, in the blank line
    /// between the message and the title or the buttons (which start at row `buttonsTop`).
    private func drawMore(_ arrow: String, count: Int, y: Int, above buttonsTop: Int, in rect: Rect, buffer: inout CellBuffer) {
        guard y > rect.y, y < buttonsTop else { return }
        let text = "\(arrow) \(count) more"
        buffer.put(text, at: Point(x: rect.x + max(0, (rect.width - text.terminalWidth) / 2), y: y), style: theme.secondaryText, clip: rect)
    }

    private func drawButtons(_ alert: AlertController, rows: Int, in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        guard rows == 1 else {
            // One a row, each centred; rows the box has no room for are left out.
            for (index, button) in alert.buttons.enumerated() where rect.maxY - rows + index > rect.y {
                button.draw(in: Rect(x: rect.x, y: rect.maxY - rows + index, width: rect.width, height: 1), buffer: &buffer, context: context)
            }
            return
        }
        let widths = buttonWidths(alert)
        var x = rect.x + max(0, (rect.width - widths.reduce(0, +) - 2 * max(0, widths.count - 1)) / 2)
        let y = rect.maxY - 1
        for (button, width) in zip(alert.buttons, widths) {
            button.draw(in: Rect(x: x, y: y, width: min(width, rect.maxX - x), height: 1), buffer: &buffer, context: context)
            x += width + 2
        }
    }
}
