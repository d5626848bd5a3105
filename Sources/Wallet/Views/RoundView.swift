import Navigation
import Terminal
import Views

/// The initials badge. On iOS a view with round corners; in a terminal, round brackets
/// around what it holds.
final class RoundView: View, Drawable {
    func intrinsicWidth(context: DrawContext) -> Int? {
        let content = Layout.visible(subviews).compactMap { Layout.intrinsicWidth(of: $0, context: context) }.max() ?? 0
        return content + 2
    }

    func height(forWidth width: Int, context: DrawContext) -> Int {
        max(1, Layout.visible(subviews).map { Layout.height(of: $0, width: max(0, width - 2), context: context) }.max() ?? 1)
    }

    func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        guard rect.width >= 2 else { return }
        let style = context.theme.secondaryText
        buffer.put("(", at: rect.origin, style: style, clip: rect)
        buffer.put(")", at: Point(x: rect.maxX - 1, y: rect.y), style: style, clip: rect)
        Layout.drawColumn(Layout.visible(subviews), in: rect.inset(left: 1, right: 1), gap: 0, buffer: &buffer, context: context)
    }
}
