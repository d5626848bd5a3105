import Navigation
import Terminal

/// The keys of containers and the window's width class.
///
/// Tabs: Ctrl-N and Ctrl-P select the next and previous tab anywhere, a text field included,
/// as no field takes control keys; the digits 1 to 9 select a tab by number when no text field
/// has focus (a field types them). Split view: Ctrl-O moves focus to the other column's first
/// stop (Tab already walks through both columns' stops in reading order). Popover: Esc closes
/// one that has no Cancel or Back of its own.
extension Application {
    /// From this many columns the window is regular: an expanded split view's primary column
    /// (28 to 40) beside a secondary as wide as the narrow screens (60) still fits, and a
    /// popover of 48 columns leaves its anchor's screen visible. Below it, iPhone-like: compact.
    public static let regularWidthMinimum = 100

    /// Sets the window's width class for the width the screens are drawn at; the engine
    /// collapses or expands split views and adapts popovers when it changes.
    func updateSizeClass(width: Int) {
        let sizeClass: UserInterfaceSizeClass = width >= Self.regularWidthMinimum ? .regular : .compact
        if window.horizontalSizeClass != sizeClass { window.horizontalSizeClass = sizeClass }
    }

    /// Does a container's command on the screen on top; false when it has nothing to do there
    /// (no tab bar, no such tab, no other column, a popover with a Back of its own).
    func handleContainerCommand(_ command: KeyCommand, key: Key, screen: Screen, focused: FocusTarget?) -> Bool {
        switch command {
        case .nextTab, .previousTab:
            guard let tabBar = screen.tabBarController(for: focused), !tabBar.viewControllers.isEmpty else { return false }
            let count = tabBar.viewControllers.count
            tabBar.selectedIndex = (tabBar.selectedIndex + (command == .nextTab ? 1 : count - 1)) % count
            return true
        case .selectTab:
            // A text field types digits.
            guard !(focused?.object is TextField), case .character(let digit) = key, let number = digit.wholeNumberValue,
                  let tabBar = screen.tabBarController(for: focused), number <= tabBar.viewControllers.count else { return false }
            tabBar.selectedIndex = number - 1
            return true
        case .closePopover:
            // As a tap outside a popover closes it on an iPad.
            guard screen.container.adaptivePresentationStyle == .popover, screen.pane(for: focused).leftItem == nil else { return false }
            screen.container.dismiss(animated: true)
            return true
        case .otherColumn:
            let panes = screen.panes
            guard panes.count > 1 else { return false }
            let current = panes.firstIndex { $0.controller === screen.pane(for: focused).controller } ?? 0
            for step in 1..<panes.count {
                let pane = panes[(current + step) % panes.count]
                if let first = focus.targets(on: pane).first {
                    focus.setFocus(first, on: screen)
                    return true
                }
            }
            return true
        default:
            return false
        }
    }
}
