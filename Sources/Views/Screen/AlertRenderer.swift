import Navigation
import Terminal

/// Draws an alert inside its box: the title on top, the buttons on the bottom row whatever the
/// height, and the message between them. A message longer than the room scrolls, with a line
/// above and below it saying how many lines are hidden, so that every line can be read on a
/// small terminal and the buttons never are pushed off.
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
        return 1 + (message > 0 ? message + 1 : 0) + 2
    }

    /// A short message is centred line by line; one of several lines (a list of keys) keeps its
    /// columns as a left-aligned block.
    func draw(_ alert: AlertController, in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        guard rect.height > 0 else { return }
        if let title = alert.title {
            let shown = theme.display(title).truncated(toWidth: rect.width, ellipsis: theme.glyphs.ellipsis)
            buffer.put(shown, at: Point(x: rect.x + (rect.width - shown.terminalWidth) / 2, y: rect.y), style: theme.title)
        }
        let lines = lines(alert, width: rect.width - 2)
        let room = max(0, rect.height - 4)
        alert.messageDidLayout(lines: lines.count, visible: room)
        let offset = alert.messageOffset
        let block = lines.map(\.terminalWidth).max() ?? 0
        let multiline = lines.count > 2
        for (row, line) in lines.dropFirst(offset).prefix(room).enumerated() {
            let x = multiline ? rect.x + (rect.width - block) / 2 : rect.x + (rect.width - line.terminalWidth) / 2
            buffer.put(line, at: Point(x: x, y: rect.y + 2 + row), style: theme.text, clip: rect)
        }
        if room > 0, offset > 0 {
            drawMore(theme.glyphs.up, count: offset, y: rect.y + 1, in: rect, buffer: &buffer)
        }
        let below = lines.count - offset - room
        if room > 0, below > 0 {
            drawMore(theme.glyphs.down, count: below, y: rect.y + 2 + room, in: rect, buffer: &buffer)
        }
        drawButtons(alert, in: rect, buffer: &buffer, context: context)
    }

    /// The line that says lines of the message are hidden above or below, in the blank line
    /// between the message and the title or the buttons.
    private func drawMore(_ arrow: String, count: Int, y: Int, in rect: Rect, buffer: inout CellBuffer) {
        guard y > rect.y, y < rect.maxY - 1 else { return }
        let text = "\(arrow) \(count) more"
        buffer.put(text, at: Point(x: rect.x + max(0, (rect.width - text.terminalWidth) / 2), y: y), style: theme.secondaryText, clip: rect)
    }

    private func drawButtons(_ alert: AlertController, in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        let widths = alert.buttons.map { $0.label(context).terminalWidth }
        var x = rect.x + max(0, (rect.width - widths.reduce(0, +) - 2 * max(0, widths.count - 1)) / 2)
        let y = rect.maxY - 1
        for (button, width) in zip(alert.buttons, widths) {
            button.draw(in: Rect(x: x, y: y, width: min(width, rect.maxX - x), height: 1), buffer: &buffer, context: context)
            x += width + 2
        }
    }
}
