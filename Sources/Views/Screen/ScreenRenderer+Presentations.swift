import Navigation
import Terminal

/// Where presentations other than sheets and alerts are drawn: a popover as a small window at
/// the control it came from (once adapted, a sheet or full screen, as other presentations are). A current-context
/// presentation is no level of its own: it is drawn in its context's place
/// (`ScreenRenderer.draw(_:in:boxed:frame:context:)`).
extension ScreenRenderer {
    /// The widest the screens are drawn when the root shows an expanded split view: two
    /// columns side by side must not be squeezed into one screen's width.
    public static let maximumSplitWidth = 160

    /// The columns the screens take (the footer's row excluded): a split view's level is wider.
    public static func contentRect(for size: Size, root: ViewController?) -> Rect {
        guard let root, showsExpandedSplit(root) else { return contentRect(for: size) }
        let width = min(size.width, maximumSplitWidth)
        return Rect(x: max(0, (size.width - width) / 2), y: 0, width: width, height: size.height - 1)
    }

    private static func showsExpandedSplit(_ controller: ViewController) -> Bool {
        if let split = controller as? SplitViewController { return split.columnsShown.count > 1 }
        if let tabBar = controller as? TabBarController { return tabBar.selectedViewController.map(showsExpandedSplit) ?? false }
        return false
    }

    /// The popover's greatest size, frame included: a small window, not a sheet.
    static let popoverMaximumSize = Size(width: 48, height: 16)

    /// Where a presented level goes when it is a popover, and whether it is boxed; nil for every
    /// other style (the sheet or the alert's place).
    func placement(of level: ViewController, in content: Rect, frame: Frame) -> (rect: Rect, boxed: Bool)? {
        guard level.adaptivePresentationStyle == .popover else { return nil }
        return (popoverRect(for: level, in: content, frame: frame), true)
    }

    /// Below the anchor when there is room, else above it, else as low as fits; its left edge at
    /// the anchor's, moved left as much as needed to stay on the screen.
    func popoverRect(for popover: ViewController, in content: Rect, frame: Frame) -> Rect {
        let anchor = anchorRect(of: popover, frame: frame) ?? Rect(x: content.x + content.width / 2, y: content.y + 1, width: 0, height: 1)
        let width = min(Self.popoverMaximumSize.width, content.width - 2)
        let context = DrawContext(theme: theme, focused: nil, isActive: false)
        var natural = 2
        if let navigation = popover as? NavigationController, let top = navigation.topViewController {
            natural += 2 + Layout.height(of: top.view, width: width - 4, context: context)
        } else {
            natural += Layout.height(of: popover.view, width: width - 4, context: context)
        }
        let height = min(max(6, natural), Self.popoverMaximumSize.height, content.height - 2)
        var y = anchor.maxY
        if y + height > content.maxY { y = anchor.y - height }
        if y < content.y { y = max(content.y, content.maxY - height) }
        let x = min(max(content.x, anchor.x), content.maxX - width)
        return Rect(x: x, y: y, width: width, height: height)
    }

    /// The last drawn frame of the control the popover points at: its bar button item, or its
    /// source view (a button, a text field), or else the controller that presented it.
    private func anchorRect(of popover: ViewController, frame: Frame) -> Rect? {
        let anchor = popover.popoverPresentationController
        if let item = anchor?.barButtonItem, let rect = frame.anchors[ObjectIdentifier(item)] { return rect }
        if let view = anchor?.sourceView, let rect = frame.anchors[ObjectIdentifier(view)] { return rect }
        if let presenter = popover.presentingViewController, let rect = frame.controllerRects[ObjectIdentifier(presenter)] {
            return rect.top(1)
        }
        return nil
    }
}
