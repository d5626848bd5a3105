import Navigation
import Terminal

/// A navigation bar placed in a view, as `UINavigationBar` without a navigation controller
/// (a form presented on its own often has one, with Cancel and Save): one row showing the top
/// item's title and bar button items, drawn where the bar is. Its items are focus stops like a
/// navigation controller's, and Enter fires the focused one.
open class NavigationBar: View, Drawable, NavigationBarItemsHolding, BarItemsView {
    public private(set) var items: [NavigationItem] = []
    public var topItem: NavigationItem? { items.last }

    public override init() { super.init() }

    public func setItems(_ items: [NavigationItem]) {
        self.items = items
        setNeedsDisplay()
    }

    /// The top item's buttons a key can reach, left to right as drawn.
    public var focusableItems: [BarButtonItem] {
        guard let top = topItem, !isHidden else { return [] }
        return (top.leftBarButtonItems + top.rightBarButtonItems.reversed()).filter { $0.isEnabled && !$0.isSpace }
    }

    public func height(forWidth width: Int, context: DrawContext) -> Int { 1 }

    open func draw(in rect: Rect, buffer: inout CellBuffer, context: DrawContext) {
        guard let top = topItem else { return }
        _ = NavigationBarRenderer(theme: context.theme).draw(left: top.leftBarButtonItems, isBack: false, right: top.rightBarButtonItems,
                                                             title: top.title, titleView: nil, in: rect.top(1), buffer: &buffer, context: context)
    }
}
