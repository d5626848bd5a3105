import Navigation
import Terminal

/// Draws a navigation bar: the left items (or Back) from the left edge, the right items from
/// the right edge inward (the first rightmost, as UIKit lays them out), and between them the
/// title, or the title view in its place.
@MainActor
struct NavigationBarRenderer {
    let theme: Theme
    /// Columns between two items of one side.
    static let itemGap = 2
    /// Narrower than this, a title view would show as a bracket and an ellipsis: it is left out.
    static let minimumTitleViewWidth = 6

    /// Draws the bar; returns where its items are, for clicks.
    func draw(_ screen: Screen, in rect: Rect, buffer: inout CellBuffer, context: DrawContext) -> [ClickTarget] {
        draw(left: screen.leftItems, isBack: screen.leftIsBack, right: screen.rightItems, title: screen.title,
             titleView: screen.titleView, in: rect, buffer: &buffer, context: context)
    }

    /// Draws a bar that shows a large title (`NavigationController.displaysLargeTitle`) in its
    /// two rows: the items on the first, with no title between them, and the title on the second
    /// from the leading edge, bold, as UIKit draws a large title under the bar's buttons.
    func drawLargeTitle(_ screen: Screen, in rect: Rect, buffer: inout CellBuffer, context: DrawContext) -> [ClickTarget] {
        let items = draw(left: screen.leftItems, isBack: screen.leftIsBack, right: screen.rightItems, title: nil, titleView: nil,
                         in: rect.top(1), buffer: &buffer, context: context)
        if let title = screen.title {
            let shown = title.truncated(toWidth: max(0, rect.width - 2), ellipsis: theme.glyphs.ellipsis)
            buffer.put(shown, at: Point(x: rect.x + 1, y: rect.y + 1), style: theme.largeTitle, clip: rect)
        }
        return items
    }

    /// Draws a bar of these items and title, for a navigation controller's bar or one placed in a view.
    func draw(left: [BarButtonItem], isBack back: Bool, right: [BarButtonItem], title: String?, titleView: View?,
              in rect: Rect, buffer: inout CellBuffer, context: DrawContext) -> [ClickTarget] {
        var items: [ClickTarget] = []
        // Where the next item of each side goes: the column after the last left one, and the
        // column after the next right one.
        var leftEdge = rect.x + 1
        var rightEdge = rect.maxX - 1
        let backTitle = self.backTitle(left: left, isBack: back, right: right, title: titleView == nil ? title : nil, width: rect.width)
        for (index, item) in left.enumerated() {
            let text = back && index == 0 ? "\(theme.glyphs.back) \(backTitle ?? item.displayTitle)" : item.displayTitle
            let width = text.terminalWidth
            guard leftEdge + width <= rightEdge else { break }
            if !item.isSpace {
                buffer.put(text, at: Point(x: leftEdge, y: rect.y), style: itemStyle(item, context: context), clip: rect)
                items.append(ClickTarget(rect: Rect(x: leftEdge, y: rect.y, width: width, height: 1), kind: .barItem(item)))
            }
            leftEdge += max(width, 1) + Self.itemGap
        }
        for item in right {
            let text = item.displayTitle
            let width = text.terminalWidth
            guard rightEdge - width >= leftEdge else { break }
            if !item.isSpace {
                let origin = Point(x: rightEdge - width, y: rect.y)
                buffer.put(text, at: origin, style: itemStyle(item, context: context), clip: rect)
                items.append(ClickTarget(rect: Rect(origin: origin, size: Size(width: width, height: 1)).intersection(rect), kind: .barItem(item)))
            }
            rightEdge -= max(width, 1) + Self.itemGap
        }
        // The title keeps to the middle of the bar, as far from both edges as the wider side allows.
        let side = max(leftEdge - rect.x, rect.maxX - rightEdge)
        let middle = Rect(x: rect.x + side, y: rect.y, width: max(0, rect.width - 2 * side), height: 1)
        if let titleView {
            // Centred on the bar when it fits there, else in the room between the items, as UIKit
            // moves a title view aside; not at all when a few columns are all that is left.
            let free = Rect(x: leftEdge, y: rect.y, width: max(0, rightEdge - leftEdge), height: 1)
            let width = min(free.width, titleWidth(titleView, context: context))
            if width >= Self.minimumTitleViewWidth {
                let centred = rect.x + (rect.width - width) / 2
                let x = min(max(centred, free.x), free.maxX - width)
                Layout.draw(titleView, in: Rect(x: x, y: rect.y, width: width, height: 1), buffer: &buffer, context: context)
            }
        } else if let title {
            let shown = title.truncated(toWidth: max(0, middle.width), ellipsis: theme.glyphs.ellipsis)
            buffer.put(shown, at: Point(x: rect.x + (rect.width - shown.terminalWidth) / 2, y: rect.y), style: theme.title, clip: rect)
        }
        return items
    }

    /// "Back" in place of the previous screen's title when that title would leave no room for
    /// this one's, as UIKit shortens a long back button: in a split view's 40-column primary,
    /// "‹ Flickr Photographers" hid the title "Flickr Photos" entirely. nil: the item's own.
    private func backTitle(left: [BarButtonItem], isBack back: Bool, right: [BarButtonItem], title: String?, width: Int) -> String? {
        guard back, let title, !title.isEmpty, let first = left.first, first.displayTitle != "Back" else { return nil }
        func sideWidth(_ texts: [String]) -> Int { 1 + texts.reduce(0) { $0 + max($1.terminalWidth, 1) + Self.itemGap } }
        let leftTexts = ["\(theme.glyphs.back) \(first.displayTitle)"] + left.dropFirst().map(\.displayTitle)
        let side = max(sideWidth(leftTexts), sideWidth(right.map(\.displayTitle)))
        return width - 2 * side < title.terminalWidth ? "Back" : nil
    }

    /// The width a title view wants on one row: its own text's, or all the room there is.
    private func titleWidth(_ view: View, context: DrawContext) -> Int {
        if let label = view as? Label { return (label.text ?? "").terminalWidth }
        if let button = view as? Button { return button.label(context).terminalWidth }
        return .max
    }

    func itemStyle(_ item: BarButtonItem, context: DrawContext) -> Style {
        if !item.isEnabled { return theme.disabled }
        return context.isFocused(item) ? theme.focused : theme.tint
    }
}
