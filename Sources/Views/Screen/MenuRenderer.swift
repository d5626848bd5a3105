import Navigation
import Terminal

/// Draws an open menu (`MenuController`): a box below the control that opened it (above it
/// when there is no room below), as wide as its longest row; its title on top, dim, then its
/// rows, one element each, a check before a command that is on, `›` after a submenu, a line
/// between groups. A menu taller than the screen shows the rows around the focused one.
@MainActor
struct MenuRenderer {
    let theme: Theme

    /// The menu's box, frame included: under `anchor` (the control's drawn rect), else over it,
    /// within `area`; centred in `area` when the control was not drawn.
    func rect(for menu: MenuController, anchor: Rect?, in area: Rect) -> Rect {
        let widest = menu.buttons.map { theme.display($0.title ?? "").terminalWidth }.max() ?? 0
        let titleWidth = menu.title.map { theme.display($0).terminalWidth } ?? 0
        let width = min(max(widest + 6, titleWidth + 4, 16), area.width)
        let height = min(2 + titleRows(menu) + menu.rows.count + menu.separatorsBefore.count, area.height)
        guard let anchor else {
            return Rect(x: area.x + (area.width - width) / 2, y: area.y + max(0, (area.height - height) / 2), width: width, height: height)
        }
        var y = anchor.maxY
        if y + height > area.maxY { y = anchor.y - height }
        if y < area.y { y = max(area.y, area.maxY - height) }
        let x = min(max(area.x, anchor.x), area.maxX - width)
        return Rect(x: x, y: y, width: width, height: height)
    }

    private func titleRows(_ menu: MenuController) -> Int { menu.title == nil ? 0 : 2 }

    /// Draws the rows inside the box's frame (`rect`).
    func draw(_ menu: MenuController, in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        guard rect.height > 0 else { return }
        var y = rect.y
        if let title = menu.title {
            let shown = theme.display(title).truncated(toWidth: rect.width - 2, ellipsis: theme.glyphs.ellipsis)
            buffer.put(shown, at: Point(x: rect.x + 1, y: y), style: theme.secondaryText, clip: rect)
            drawSeparator(y: y + 1, in: rect, buffer: &buffer)
            y += 2
        }
        let lines = lineRows(menu)
        let room = rect.maxY - y
        let focusedLine = lines.firstIndex { $0 == context.focusedIndex(in: menu) } ?? 0
        let first = min(max(0, focusedLine - room + 1), max(0, lines.count - room))
        for (offset, line) in lines.dropFirst(first).prefix(room).enumerated() {
            let row = Rect(x: rect.x, y: y + offset, width: rect.width, height: 1)
            guard let index = line else {
                drawSeparator(y: row.y, in: rect, buffer: &buffer)
                continue
            }
            drawRow(index, of: menu, in: row, buffer: &buffer, context: context)
        }
    }

    /// A line across the box, joined to its frame's sides.
    private func drawSeparator(y: Int, in rect: Rect, buffer: inout CellBuffer) {
        let g = theme.glyphs
        let line = String(g.teeLeft) + String(repeating: g.horizontal, count: rect.width) + String(g.teeRight)
        buffer.put(line, at: Point(x: rect.x - 1, y: y), style: theme.border, clip: rect.inset(by: -1))
    }

    /// The box's lines: a row's index, or nil for a line between groups.
    private func lineRows(_ menu: MenuController) -> [Int?] {
        var lines: [Int?] = []
        for index in menu.rows.indices {
            if menu.separatorsBefore.contains(index) { lines.append(nil) }
            lines.append(index)
        }
        return lines
    }

    private func drawRow(_ index: Int, of menu: MenuController, in row: Rect, buffer: inout CellBuffer, context: DrawContext) {
        let button = menu.buttons[index]
        let check = menu.isOn(index) ? theme.glyphs.check : " "
        let trailing = menu.opensSubmenu(index) ? " " + theme.glyphs.disclosure : ""
        let room = row.width - 3 - trailing.terminalWidth
        let title = theme.display(button.title ?? "").truncated(toWidth: max(0, room), ellipsis: theme.glyphs.ellipsis)
        let padded = check + " " + title + String(repeating: " ", count: max(0, room - title.terminalWidth)) + trailing + " "
        let style = !button.isEnabled ? theme.disabled : context.isFocused(button) ? theme.focused
            : menu.isDestructive(index) ? theme.error : theme.text
        buffer.put(padded, at: row.origin, style: style, clip: row)
        context.places?.note(button, at: row, target: .button(button))
    }
}

private extension DrawContext {
    /// The row of `menu` that has focus.
    func focusedIndex(in menu: MenuController) -> Int? {
        menu.buttons.firstIndex { isFocused($0) }
    }
}
