/// What a controller shows in the navigation bar when it is on top of a navigation stack.
@MainActor
public final class NavigationItem {
    public enum LargeTitleDisplayMode: String, Sendable { case automatic, always, never }

    public var title: String?
    public var prompt: String?
    /// The items at the left of the bar, from the left edge inward, as UIKit's.
    public var leftBarButtonItems: [BarButtonItem] = []
    /// The items at the right of the bar, from the right edge inward: the first is rightmost, as in UIKit.
    public var rightBarButtonItems: [BarButtonItem] = []
    /// A view the bar shows instead of the title.
    public var titleView: View?

    /// The first of `leftBarButtonItems`; setting it replaces them all, as in UIKit.
    public var leftBarButtonItem: BarButtonItem? {
        get { leftBarButtonItems.first }
        set { leftBarButtonItems = newValue.map { [$0] } ?? [] }
    }

    /// The first of `rightBarButtonItems` (the rightmost); setting it replaces them all, as in UIKit.
    public var rightBarButtonItem: BarButtonItem? {
        get { rightBarButtonItems.first }
        set { rightBarButtonItems = newValue.map { [$0] } ?? [] }
    }
    /// The title of the Back button that controllers pushed above this one show.
    public var backButtonTitle: String?
    public var hidesBackButton = false
    /// Whether the Back button shows before the left items rather than being replaced by them.
    public var leftItemsSupplementBackButton = false
    public var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic {
        didSet { if largeTitleDisplayMode != oldValue { Self.largeTitleModeChanges &+= 1 } }
    }
    /// Counts changes of any item's `largeTitleDisplayMode`: what a navigation controller's
    /// kept answer to `displaysLargeTitle` is good for.
    static var largeTitleModeChanges = 0
    /// The Back item the navigation controller made for this controller, kept so that focus
    /// stays on the same item from frame to frame.
    var backItem: BarButtonItem?

    public init(title: String? = nil) { self.title = title }
}

/// A navigation bar placed in a view rather than made by a navigation controller, as
/// `UINavigationBar`: it shows the items the storyboard gives it (`<items><navigationItem>`), the
/// last on top.
@MainActor
public protocol NavigationBarItemsHolding: AnyObject {
    func setItems(_ items: [NavigationItem])
}

/// A view made from a `<toolbar>` placed in a view: the storyboard gives it its bar button items.
@MainActor
public protocol ToolbarItemsHolding: AnyObject {
    func setItems(_ items: [BarButtonItem])
}
