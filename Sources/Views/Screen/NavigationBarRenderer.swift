import Navigation
import Terminal

/// Draws a navigation bar: the left item (or Back), the title centred between the items, the
/// right item.
@MainActor
struct NavigationBarRenderer {
    let theme: Theme

    /// Draws the bar; returns where its items are, for clicks.
    func draw(_ screen: Screen, in rect: Rect, buffer: inout CellBuffer, context: DrawContext) -> [ClickTarget] {
        var leftWidth = 0, rightWidth = 0
        var items: [ClickTarget] = []
        if let left = screen.leftItem {
            let text = screen.leftIsBack ? "\(theme.glyphs.back) \(left.displayTitle)" : left.displayTitle
            let origin = Point(x: rect.x + 1, y: rect.y)
            leftWidth = buffer.put(text, at: origin, style: itemStyle(left, context: context), clip: rect) + 1
            items.append(ClickTarget(rect: Rect(origin: origin, size: Size(width: leftWidth - 1, height: 1)), kind: .barItem(left)))
        }
        if let right = screen.rightItem {
            let text = right.displayTitle
            let origin = Point(x: rect.maxX - 1 - text.terminalWidth, y: rect.y)
            rightWidth = buffer.put(text, at: origin, style: itemStyle(right, context: context), clip: rect) + 1
            items.append(ClickTarget(rect: Rect(origin: origin, size: Size(width: rightWidth - 1, height: 1)).intersection(rect), kind: .barItem(right)))
        }
        if let title = screen.title {
            let room = rect.width - 2 * max(leftWidth, rightWidth) - 2
            let shown = title.truncated(toWidth: max(0, room), ellipsis: theme.glyphs.ellipsis)
            buffer.put(shown, at: Point(x: rect.x + (rect.width - shown.terminalWidth) / 2, y: rect.y), style: theme.title, clip: rect)
        }
        return items
    }

    private func itemStyle(_ item: BarButtonItem, context: DrawContext) -> Style {
        if !item.isEnabled { return theme.disabled }
        return context.isFocused(item) ? theme.focused : theme.tint
    }
}
