import Navigation
import Terminal

/// A level is drawn as a tree of controllers: each container draws its chrome (a navigation
/// bar, a tab bar, a split view's divider) and then the children it shows into the rest of its
/// rect, by this same function; a plain controller draws its view. The panes drawn here are the
/// ones `Screen.panes` lists, so that focus and clicks find what is drawn.
extension ScreenRenderer {
    /// `boxed`: the rect's sides are a window's frame, which a navigation bar's rule joins.
    func draw(_ controller: ViewController, in rect: Rect, boxed: Bool, frame: inout Frame, context: DrawContext) {
        guard !rect.isEmpty else { return }
        frame.controllerRects[ObjectIdentifier(controller)] = rect
        if let navigation = controller as? NavigationController, let top = Screen.contentController(of: navigation) {
            var area = drawNavigationBar(of: navigation, in: rect, boxed: boxed, frame: &frame, context: context)
            let screen = Screen(level: navigation)
            if screen.showsToolbar, area.height > 2 {
                area = drawToolbar(screen.toolbarItems, in: area, frame: &frame, context: context)
            }
            draw(top, in: area, boxed: false, frame: &frame, context: context)
        } else if let tabBar = controller as? TabBarController, let selected = tabBar.selectedViewController {
            let area = TabBarRenderer(theme: theme).draw(tabBar, in: rect, boxed: boxed, frame: &frame, context: context)
            draw(selected, in: area, boxed: boxed, frame: &frame, context: context)
        } else if let split = controller as? SplitViewController, let primary = split.columnsShown.first {
            guard let secondary = split.columnsShown.dropFirst().first else {
                draw(primary, in: rect, boxed: boxed, frame: &frame, context: context)
                return
            }
            let columns = Self.splitColumns(of: rect)
            draw(primary, in: columns.primary, boxed: false, frame: &frame, context: context)
            for y in rect.y..<rect.maxY {
                frame.buffer.put(String(theme.glyphs.vertical), at: Point(x: columns.divider, y: y), style: theme.border)
            }
            draw(secondary, in: columns.secondary, boxed: false, frame: &frame, context: context)
        } else {
            Layout.draw(controller.view, in: rect.inset(left: 1, right: 1), buffer: &frame.buffer, context: context)
        }
    }

    /// Draws the bar and its rule on the first two rows; returns the rows below them.
    private func drawNavigationBar(of navigation: NavigationController, in rect: Rect, boxed: Bool, frame: inout Frame, context: DrawContext) -> Rect {
        let items = NavigationBarRenderer(theme: theme).draw(Screen(level: navigation), in: rect.top(1), buffer: &frame.buffer, context: context)
        for item in items {
            guard case .barItem(let barItem) = item.kind else { continue }
            context.places?.note(barItem, at: item.rect, target: item.kind)
        }
        guard rect.height > 1 else { return rect.dropTop(rect.height) }
        let line = String(repeating: theme.glyphs.horizontal, count: rect.width)
        if boxed {
            // Joined to the window's frame, so the bar reads as part of the window.
            frame.buffer.put("\(theme.glyphs.teeLeft)\(line)\(theme.glyphs.teeRight)", at: Point(x: rect.x - 1, y: rect.y + 1), style: theme.border)
        } else {
            frame.buffer.put(line, at: Point(x: rect.x, y: rect.y + 1), style: theme.border)
        }
        return rect.dropTop(2)
    }

    /// Draws the toolbar's row and a rule above it at the bottom of `rect`; returns the rows above.
    private func drawToolbar(_ items: [BarButtonItem], in rect: Rect, frame: inout Frame, context: DrawContext) -> Rect {
        let row = Rect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 1)
        frame.buffer.put(String(repeating: theme.glyphs.horizontal, count: rect.width), at: Point(x: rect.x, y: row.y - 1), style: theme.border)
        let targets = ToolbarRenderer(theme: theme).draw(items, in: row, buffer: &frame.buffer, context: context)
        for target in targets {
            guard case .barItem(let barItem) = target.kind else { continue }
            context.places?.note(barItem, at: target.rect, target: target.kind)
        }
        return Rect(x: rect.x, y: rect.y, width: rect.width, height: rect.height - 2)
    }

    /// An expanded split view's columns: the primary a third of the width, between 28 and 40
    /// columns (a list of names), the secondary the rest, one column of divider between them.
    static func splitColumns(of rect: Rect) -> (primary: Rect, divider: Int, secondary: Rect) {
        let primaryWidth = min(max(28, rect.width / 3), 40, max(0, rect.width - 2))
        let primary = Rect(x: rect.x, y: rect.y, width: primaryWidth, height: rect.height)
        let divider = rect.x + primaryWidth
        let secondary = Rect(x: divider + 1, y: rect.y, width: max(0, rect.maxX - divider - 1), height: rect.height)
        return (primary, divider, secondary)
    }
}
