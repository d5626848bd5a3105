import Navigation
import Terminal

/// Draws a navigation controller's toolbar: one row of the top controller's `toolbarItems`,
/// left to right, as UIKit's toolbar at the bottom of the screen. Flexible spaces share the room
/// left over, so that `[space, item, space]` centres the item as on iOS; a fixed space is a gap.
@MainActor
struct ToolbarRenderer {
    let theme: Theme

    /// Draws the items in `rect` (one row); returns where they are, for clicks.
    func draw(_ items: [BarButtonItem], in rect: Rect, buffer: inout CellBuffer, context: DrawContext) -> [ClickTarget] {
        let gap = NavigationBarRenderer.itemGap
        let texts = items.map(\.displayTitle)
        let fixed = zip(items, texts).reduce(0) { total, pair in
            total + (pair.0.systemItem == .flexibleSpace ? 0 : (pair.0.isSpace ? gap : pair.1.terminalWidth + gap))
        }
        let flexibleCount = items.filter { $0.systemItem == .flexibleSpace }.count
        let spare = max(0, rect.width - 2 - fixed)
        var x = rect.x + 1
        var flexibleSeen = 0
        var targets: [ClickTarget] = []
        let bar = NavigationBarRenderer(theme: theme)
        for (item, text) in zip(items, texts) {
            if item.systemItem == .flexibleSpace {
                // The spare columns spread over the flexible spaces, the first ones taking the remainder.
                x += spare / flexibleCount + (flexibleSeen < spare % flexibleCount ? 1 : 0)
                flexibleSeen += 1
                continue
            }
            if item.isSpace { x += gap; continue }
            let width = text.terminalWidth
            guard x + width <= rect.maxX else { break }
            buffer.put(text, at: Point(x: x, y: rect.y), style: bar.itemStyle(item, context: context), clip: rect)
            targets.append(ClickTarget(rect: Rect(x: x, y: rect.y, width: width, height: 1), kind: .barItem(item)))
            x += width + gap
        }
        return targets
    }
}
