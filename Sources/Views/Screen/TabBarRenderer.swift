import Navigation
import Terminal

/// Draws a tab bar at the bottom of its controller's area: a rule, then each tab's title with
/// its number (the key that selects it), the selected tab in brackets, so it shows without
/// colour too. Tabs that do not fit are cut at the right with an ellipsis.
@MainActor
struct TabBarRenderer {
    let theme: Theme
    /// Rows the bar takes: its rule and its titles.
    static let height = 2

    /// Draws the bar in its two rows.
    func draw(_ tabBar: TabBarController, in rect: Rect, boxed: Bool, frame: inout ScreenRenderer.Frame, context: DrawContext) {
        let ruleY = rect.y, y = rect.y + 1
        let line = String(repeating: theme.glyphs.horizontal, count: rect.width)
        if boxed {
            frame.buffer.put("\(theme.glyphs.teeLeft)\(line)\(theme.glyphs.teeRight)", at: Point(x: rect.x - 1, y: ruleY), style: theme.border)
        } else {
            frame.buffer.put(line, at: Point(x: rect.x, y: ruleY), style: theme.border)
        }
        var x = rect.x + 1
        let selected = tabBar.selectedIndex
        for (index, tab) in tabBar.viewControllers.enumerated() {
            let text = Self.label(of: tab, index: index, selected: index == selected, theme: theme)
            guard x < rect.maxX - 1 else { break }
            let room = rect.maxX - 1 - x
            let shown = text.truncated(toWidth: room, ellipsis: theme.glyphs.ellipsis)
            let style = index == selected ? (context.isActive ? theme.focused : theme.title) : theme.tint
            let width = frame.buffer.put(shown, at: Point(x: x, y: y), style: style, clip: rect)
            context.places?.note(nil, at: Rect(x: x, y: y, width: width, height: 1), target: .tab(tabBar, index))
            x += width + 1
        }
    }

    /// `1 Wallet` for a tab, `[2 Contacts]` for the selected one: the number is its key.
    static func label(of tab: ViewController, index: Int, selected: Bool, theme: Theme) -> String {
        let title = theme.display(tab.tabBarItem.displayTitle.isEmpty ? (tab.title ?? "Tab \(index + 1)") : tab.tabBarItem.displayTitle)
        let number = index < 9 ? "\(index + 1) " : ""
        return selected ? "[\(number)\(title)]" : " \(number)\(title) "
    }
}
