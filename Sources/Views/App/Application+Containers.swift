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

    /// Handles a container's key on the screen on top; false when the key is not one.
    func handleContainerKey(_ key: Key, screen: Screen, focused: FocusTarget?) -> Bool {
        switch key {
        case .control("n"), .control("p"):
            guard let tabBar = screen.tabBarController(for: focused), !tabBar.viewControllers.isEmpty else { return false }
            let count = tabBar.viewControllers.count
            tabBar.selectedIndex = (tabBar.selectedIndex + (key == .control("n") ? 1 : count - 1)) % count
            return true
        case .character(let digit) where digit.isNumber && digit != "0" && !(focused?.object is TextField):
            guard let tabBar = screen.tabBarController(for: focused), let number = digit.wholeNumberValue,
                  number <= tabBar.viewControllers.count else { return false }
            tabBar.selectedIndex = number - 1
            return true
        case .escape where screen.container.adaptivePresentationStyle == .popover && screen.pane(for: focused).leftItem == nil:
            // As a tap outside a popover closes it on an iPad.
            screen.container.dismiss(animated: true)
            return true
        case .control("o"):
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
