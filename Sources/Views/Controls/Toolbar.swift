import Navigation
import Terminal

/// A toolbar placed in a view, as `UIToolbar` without a navigation controller (a viewer's Share
/// and Delete along its bottom): one row of its bar button items, spaced as a navigation
/// controller's toolbar is, drawn where the toolbar is. Its items are focus stops, and Enter or a
/// click fires one.
open class Toolbar: View, Drawable, ToolbarItemsHolding, BarItemsView {
    public private(set) var items: [BarButtonItem] = []

    public override init() { super.init() }

    public func setItems(_ items: [BarButtonItem]) {
        self.items = items
        setNeedsDisplay()
    }

    /// The items a key can reach, left to right as drawn.
    public var focusableItems: [BarButtonItem] {
        isHidden ? [] : items.filter { $0.isEnabled && !$0.isSpace }
    }

    public func height(forWidth width: Int, context: DrawContext) -> Int { 1 }

    open func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        for target in ToolbarRenderer(theme: context.theme).draw(items, in: rect.top(1), buffer: &buffer, context: context) {
            guard case .barItem(let item) = target.kind else { continue }
            context.places?.note(item, at: target.rect, target: target.kind)
        }
    }
}

/// A view that draws bar button items of its own (a navigation bar or a toolbar placed in a
/// view), whose items are focus stops.
@MainActor
public protocol BarItemsView: View {
    var focusableItems: [BarButtonItem] { get }
}
