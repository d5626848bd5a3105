import Navigation

/// The panes of a level: each controller the level draws with content of its own (a navigation
/// controller's top with its bar, or a plain controller's view), in reading order. A navigation
/// controller or a plain controller is one pane; containers show the panes of the children
/// they show. Focus, key hints and clicks work across all of them, and the keys a bar answers
/// (Esc for Back, Enter in a text field) are those of the pane that has focus.
extension Screen {
    public var panes: [Screen] {
        if alert != nil { return [self] }
        return Self.panes(of: container)
    }

    /// The panes `controller` shows when drawn, itself included.
    static func panes(of controller: ViewController) -> [Screen] {
        if let navigation = controller as? NavigationController, navigation.topViewController != nil {
            return [Screen(level: navigation)]
        }
        return [Screen(level: controller)]
    }

    /// The pane that holds `object` (a view or a bar item), or the first pane.
    public func pane(containing object: AnyObject?) -> Screen {
        let panes = self.panes
        guard panes.count > 1, let object else { return panes.first ?? self }
        return panes.first { pane in
            pane.leftItem === object || pane.rightItem === object
                || pane.ownContentViews.flatMap(\.allViewsShown).contains { $0 === object }
        } ?? panes[0]
    }

    /// The pane that has focus, whose bar the keys use.
    public func pane(for focused: FocusTarget?) -> Screen { pane(containing: focused?.object) }
}
