import Navigation

/// The panes of a level: each controller the level draws with content of its own (a navigation
/// controller's top with its bar, or a plain controller's view), in reading order. A navigation
/// controller or a plain controller is one pane; containers show the panes of the children
/// they show: a tab bar its selected tab, a split view both columns when expanded, a view its
/// embedded children after itself. Focus, key hints and clicks work across all of them, and the
/// keys a bar answers (Esc for Back, Enter in a text field) are those of the pane with focus.
extension Screen {
    /// Computed once per `Screen` value: a screen is what one moment shows (a frame, a key), and
    /// the focus engine, the key hints, the tab keys and the click targets of that moment all ask.
    public var panes: [Screen] {
        if alert != nil { return [self] }
        if let known = panesOnce.panes { return known }
        let panes = Self.panes(of: container)
        panesOnce.panes = panes
        return panes
    }

    /// The panes `controller` shows when drawn, itself included.
    static func panes(of controller: ViewController) -> [Screen] {
        // A current-context presentation is a pane in its context's place.
        if let cover = controller.currentContextPresentation { return panes(of: cover) }
        if let tabBar = controller as? TabBarController, let selected = tabBar.selectedViewController {
            return panes(of: selected)
        }
        if let pages = controller as? PageViewController, let page = pages.viewControllers.first {
            return panes(of: page)
        }
        if let split = controller as? SplitViewController, !split.columnsShown.isEmpty {
            return split.columnsShown.flatMap(panes(of:))
        }
        let pane = Screen(level: controller)
        // A navigation controller's top covered by a current-context presentation: the bar
        // stays a pane of its own, the presentation takes the top's area.
        if pane.controller !== controller, let cover = pane.controller.currentContextPresentation {
            return [pane] + panes(of: cover)
        }
        let embedded = pane.ownContentViews.flatMap(\.allViewsShown).compactMap { ($0 as? ContainerView)?.embeddedViewController }
        return [pane] + embedded.flatMap(panes(of:))
    }

    /// The pane that holds `object` (a view or a bar item), or the first pane.
    public func pane(containing object: AnyObject?) -> Screen {
        let panes = self.panes
        guard panes.count > 1, let object else { return panes.first ?? self }
        return panes.first { pane in
            let bars = pane.focusableBarItems
            return (bars.top + bars.bottom).contains { $0 === object }
                || pane.ownContentViews.flatMap(\.allViewsShown).contains { $0 === object }
        } ?? panes[0]
    }

    /// The pane that has focus, whose bar the keys use.
    public func pane(for focused: FocusTarget?) -> Screen { pane(containing: focused?.object) }

    /// The tab bar controller whose tabs the keys switch: the nearest one above the pane with
    /// focus, or the first one the level shows.
    public func tabBarController(for focused: FocusTarget?) -> TabBarController? {
        var current: ViewController? = pane(for: focused).container
        while let controller = current, controller !== container.parent {
            if let tabBar = controller as? TabBarController { return tabBar }
            current = controller.parent
        }
        // A current-context presentation is a pane of the level it covers a part of, so the tab
        // bar around its context is found above it, as on iOS.
        return Self.firstTabBar(in: container)
    }

    /// The page view controller whose pages the keys turn: the nearest one above the pane with
    /// focus, or the level's own.
    public func pageViewController(for focused: FocusTarget?) -> PageViewController? {
        var current: ViewController? = pane(for: focused).container
        while let controller = current {
            if let pages = controller as? PageViewController, pages.pages.count > 1 { return pages }
            current = controller.parent
        }
        return (container as? PageViewController).flatMap { $0.pages.count > 1 ? $0 : nil }
    }

    private static func firstTabBar(in controller: ViewController) -> TabBarController? {
        if let tabBar = controller as? TabBarController { return tabBar }
        if let split = controller as? SplitViewController {
            return split.columnsShown.lazy.compactMap(firstTabBar(in:)).first
        }
        return nil
    }
}

extension SplitViewController {
    /// The columns drawn: the primary (or the compact column) alone when collapsed; else every
    /// column, the supplementary between the primary and the secondary in a triple column.
    var columnsShown: [ViewController] { isCollapsed ? Array(viewControllers.prefix(1)) : viewControllers }
}
