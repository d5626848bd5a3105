import Navigation

/// The bars of a screen beyond one item a side: every item of each side, the title view, and
/// the toolbar. Kept apart from Screen's own properties so that the bars can grow without
/// touching how a screen's containers are laid out.
extension Screen {
    private var navigation: NavigationController? {
        hasNavigationBar ? container as? NavigationController : nil
    }

    /// The left items from the left edge inward (Back, when the top controller has none).
    public var leftItems: [BarButtonItem] {
        navigation?.barItemLists.left ?? []
    }

    /// The right items from the right edge inward: the first is the rightmost, as in UIKit.
    public var rightItems: [BarButtonItem] {
        navigation?.barItemLists.right ?? []
    }

    /// The view the bar shows in place of the title.
    public var titleView: View? {
        hasNavigationBar ? controller.navigationItem.titleView : nil
    }

    /// Whether a toolbar row shows at the bottom: the navigation controller shows its toolbar.
    public var showsToolbar: Bool {
        guard let navigation else { return false }
        return !navigation.isToolbarHidden
    }

    /// The items of the toolbar, left to right: the top controller's `toolbarItems`.
    public var toolbarItems: [BarButtonItem] {
        showsToolbar ? controller.toolbarItems : []
    }

    /// Every bar item a key can reach, in reading order: the bar's, left to right, then the
    /// toolbar's. Spaces and disabled items are left out.
    public var focusableBarItems: (top: [BarButtonItem], bottom: [BarButtonItem]) {
        let top = leftItems + rightItems.reversed()
        return (top.filter { $0.isEnabled && !$0.isSpace }, toolbarItems.filter { $0.isEnabled && !$0.isSpace })
    }
}
