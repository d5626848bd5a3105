import Navigation
import Terminal
import Views

/// The initials badge. On iOS a view with round corners; in a terminal, round brackets
/// around what it holds.
final class RoundView: View, Drawable {
    override init() {
        super.init()
        // A badge keeps its size in a row; on iOS constraints fix its width.
        horizontalHuggingPriority = 1000
    }

    func intrinsicWidth(context: DrawContext) -> Int? {
        let content = Layout.visible(subviews).compactMap { Layout.intrinsicWidth(of: $0, context: context) }.max() ?? 0
        return content + 2
    }

    func height(forWidth width: Int, context: DrawContext) -> Int {
        max(1, Layout.visible(subviews).map { Layout.height(of: $0, width: max(0, width - 2), context: context) }.max() ?? 1)
    }

    /// Tight around its content, on the left of whatever room the row gives it: the brackets'
    /// columns and what they hold; nil when there is no room for both brackets.
    private func frames(in rect: Rect, context: DrawContext) -> (width: Int, inside: Rect)? {
        let width = min(rect.width, intrinsicWidth(context: context) ?? rect.width)
        guard width >= 2 else { return nil }
        return (width, Rect(x: rect.x + 1, y: rect.y, width: width - 2, height: rect.height))
    }

    func layOut(in rect: Rect, context: DrawContext) {
        guard let inside = frames(in: rect, context: context)?.inside else { return }
        Layout.layOutColumn(Layout.visible(subviews), in: inside, gap: 0, context: context)
    }

    func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        guard let (width, inside) = frames(in: rect, context: context) else { return }
        let style = context.theme.secondaryText
        buffer.put("(", at: rect.origin, style: style, clip: rect)
        buffer.put(")", at: Point(x: rect.x + width - 1, y: rect.y), style: style, clip: rect)
        Layout.drawColumn(Layout.visible(subviews), in: inside, gap: 0, buffer: &buffer, context: context)
    }
}
