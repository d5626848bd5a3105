import Navigation
import Terminal

/// A level is drawn as a tree of controllers: each container draws its chrome (a navigation
/// bar, a tab bar, a split view's divider) and then the children it shows into the rest of its
/// rect, by this same function; a plain controller draws its view. The panes drawn here are the
/// ones `Screen.panes` lists, so that focus and clicks find what is drawn.
extension ScreenRenderer {
    /// Where a controller's parts go in its rect: the one answer that both the layout pass and
    /// drawing follow. A container's chrome and the children it shows, or a plain controller's view.
    struct ControllerLayout {
        /// A navigation bar's row, its rule under it; two rows, the items' then the large
        /// title's, when the bar shows a large title.
        var navigationBar: Rect?
        /// A toolbar's row, its rule above it.
        var toolbar: Rect?
        /// A tab bar's two rows: its rule, then its tabs.
        var tabBar: Rect?
        /// An expanded split view's divider column.
        /// The columns of a divider between a split's columns.
        var dividers: [Int] = []
        /// A page view controller's row under its page: which page of how many, or that it has none.
        var pageIndicator: Rect?
        var children: [(controller: ViewController, rect: Rect)] = []
        /// Where a plain controller's view goes.
        var view: Rect?
    }

    /// The fewest rows a navigation controller needs to show a large title on a row of its own,
    /// under the bar's items: a terminal as tall as a presenter's 120x30 (29 rows above the keys).
    /// Shorter, the title stays in the bar, centred, as UIKit collapses a large title when the
    /// content needs the room.
    static let largeTitleMinimumHeight = 28

    static func layout(of controller: ViewController, in rect: Rect) -> ControllerLayout {
        var layout = ControllerLayout()
        if let navigation = controller as? NavigationController, let top = Screen.contentController(of: navigation) {
            let screen = Screen(level: navigation)
            let barRows = navigation.displaysLargeTitle && rect.height >= Self.largeTitleMinimumHeight && screen.titleView == nil ? 2 : 1
            layout.navigationBar = rect.top(barRows)
            var area = rect.dropTop(min(barRows + 1, rect.height))
            if screen.showsToolbar, area.height > 2 {
                layout.toolbar = Rect(x: area.x, y: area.maxY - 1, width: area.width, height: 1)
                area = Rect(x: area.x, y: area.y, width: area.width, height: area.height - 2)
            }
            layout.children = [(top, area)]
        } else if let tabBar = controller as? TabBarController, let selected = tabBar.selectedViewController {
            var area = rect
            if rect.height > TabBarRenderer.height + 1 {
                layout.tabBar = Rect(x: rect.x, y: rect.maxY - TabBarRenderer.height, width: rect.width, height: TabBarRenderer.height)
                area = rect.top(rect.height - TabBarRenderer.height)
            }
            layout.children = [(selected, area)]
        } else if let split = controller as? SplitViewController, let primary = split.columnsShown.first {
            let shown = split.columnsShown
            if shown.count == 3 {
                let columns = tripleColumns(of: rect)
                layout.dividers = columns.dividers
                layout.children = zip(shown, columns.rects).map { ($0, $1) }
            } else if let secondary = shown.dropFirst().first {
                let columns = splitColumns(of: rect)
                layout.dividers = [columns.divider]
                layout.children = [(primary, columns.primary), (secondary, columns.secondary)]
            } else {
                layout.children = [(primary, rect)]
            }
        } else if let pages = controller as? PageViewController {
            var area = rect
            if rect.height > 3 {
                layout.pageIndicator = Rect(x: rect.x, y: rect.maxY - 1, width: rect.width, height: 1)
                area = rect.top(rect.height - 1)
            }
            if let page = pages.viewControllers.first { layout.children = [(page, area)] }
        } else {
            layout.view = rect.inset(left: 1, right: 1)
        }
        return layout
    }

    /// The layout pass of a controller's views at `rect`, through the children it shows.
    func layOut(_ controller: ViewController, in rect: Rect, context: DrawContext) {
        guard !rect.isEmpty else { return }
        if let cover = controller.currentContextPresentation {
            layOut(cover, in: rect, context: context)
            if cover.adaptivePresentationStyle.removesPresenter { return }
        }
        let layout = Self.layout(of: controller, in: rect)
        for child in layout.children { layOut(child.controller, in: child.rect, context: context) }
        if let view = layout.view { Layout.layOut(controller.view, in: view, context: context) }
    }

    /// Draws a controller laid out at `rect`: its chrome, then the children it shows, by this
    /// same function, or its view. `boxed`: the rect's sides are a window's frame, which a
    /// navigation bar's rule joins.
    func draw(_ controller: ViewController, in rect: Rect, boxed: Bool, frame: inout Frame, context: DrawContext) {
        guard !rect.isEmpty else { return }
        frame.controllerRects[ObjectIdentifier(controller)] = rect
        // A current-context presentation is drawn in its context's area, in the context's place
        // (over it, for over-current-context, once the context is drawn).
        if let cover = controller.currentContextPresentation {
            if !cover.adaptivePresentationStyle.removesPresenter {
                drawContent(of: controller, in: rect, boxed: boxed, frame: &frame, context: context)
                frame.buffer.fill(rect)
            }
            draw(cover, in: rect, boxed: boxed, frame: &frame, context: context)
            return
        }
        drawContent(of: controller, in: rect, boxed: boxed, frame: &frame, context: context)
    }

    /// The controller's chrome, then the children it shows, or its view.
    private func drawContent(of controller: ViewController, in rect: Rect, boxed: Bool, frame: inout Frame, context: DrawContext) {
        let layout = Self.layout(of: controller, in: rect)
        if let bar = layout.navigationBar, let navigation = controller as? NavigationController {
            drawNavigationBar(of: navigation, in: bar, ruled: rect.height > 1, boxed: boxed, frame: &frame, context: context)
        }
        if let toolbar = layout.toolbar {
            drawToolbar(Screen(level: controller).toolbarItems, in: toolbar, frame: &frame, context: context)
        }
        if let bar = layout.tabBar, let tabBar = controller as? TabBarController {
            TabBarRenderer(theme: theme).draw(tabBar, in: bar, boxed: boxed, frame: &frame, context: context)
        }
        if let row = layout.pageIndicator, let pages = controller as? PageViewController {
            let text = pages.currentPageIndex.map { "\(theme.glyphs.back) page \($0 + 1) of \(pages.pages.count) \(theme.glyphs.disclosure)" }
                ?? "no pages (they come from code: --pages)"
            let shown = text.terminalWidth > row.width ? String(text.prefix(row.width)) : text
            frame.buffer.put(shown, at: Point(x: row.x + max(0, (row.width - shown.terminalWidth) / 2), y: row.y), style: theme.secondaryText,
                             clip: row)
        }
        for divider in layout.dividers {
            for y in rect.y..<rect.maxY {
                frame.buffer.put(String(theme.glyphs.vertical), at: Point(x: divider, y: y), style: theme.border)
            }
        }
        // A split view's columns are not boxed: only a single child reaches the window's frame.
        let childrenBoxed = boxed && layout.dividers.isEmpty && !(controller is NavigationController)
        for child in layout.children { draw(child.controller, in: child.rect, boxed: childrenBoxed, frame: &frame, context: context) }
        if let view = layout.view { Layout.draw(controller.view, in: view, buffer: &frame.buffer, context: context) }
    }

    /// Draws the bar on its row, and when `ruled` its rule on the row under it.
    private func drawNavigationBar(of navigation: NavigationController, in row: Rect, ruled: Bool, boxed: Bool, frame: inout Frame,
                                   context: DrawContext) {
        let renderer = NavigationBarRenderer(theme: theme)
        let screen = Screen(level: navigation)
        let items = row.height > 1 ? renderer.drawLargeTitle(screen, in: row, buffer: &frame.buffer, context: context)
            : renderer.draw(screen, in: row, buffer: &frame.buffer, context: context)
        for item in items {
            guard case .barItem(let barItem) = item.kind else { continue }
            context.places?.note(barItem, at: item.rect, target: item.kind)
        }
        guard ruled else { return }
        let line = String(repeating: theme.glyphs.horizontal, count: row.width)
        if boxed {
            // Joined to the window's frame, so the bar reads as part of the window.
            frame.buffer.put("\(theme.glyphs.teeLeft)\(line)\(theme.glyphs.teeRight)", at: Point(x: row.x - 1, y: row.maxY), style: theme.border)
        } else {
            frame.buffer.put(line, at: Point(x: row.x, y: row.maxY), style: theme.border)
        }
    }

    /// Draws the toolbar on its row, and a rule on the row above it.
    private func drawToolbar(_ items: [BarButtonItem], in row: Rect, frame: inout Frame, context: DrawContext) {
        frame.buffer.put(String(repeating: theme.glyphs.horizontal, count: row.width), at: Point(x: row.x, y: row.y - 1), style: theme.border)
        let targets = ToolbarRenderer(theme: theme).draw(items, in: row, buffer: &frame.buffer, context: context)
        for target in targets {
            guard case .barItem(let barItem) = target.kind else { continue }
            context.places?.note(barItem, at: target.rect, target: target.kind)
        }
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

    /// A triple-column split's columns (iOS 14's column style): the primary a quarter of the
    /// width, between 20 and 30 columns (a sidebar), the supplementary a third, between 24 and
    /// 36 (a list), the secondary the rest; a column of divider between each two.
    static func tripleColumns(of rect: Rect) -> (rects: [Rect], dividers: [Int]) {
        let primaryWidth = min(max(20, rect.width / 4), 30, max(0, rect.width - 4) / 3)
        let supplementaryWidth = min(max(24, rect.width / 3), 36, max(0, rect.width - primaryWidth - 2) / 2)
        let first = rect.x + primaryWidth
        let second = first + 1 + supplementaryWidth
        let rects = [Rect(x: rect.x, y: rect.y, width: primaryWidth, height: rect.height),
                     Rect(x: first + 1, y: rect.y, width: supplementaryWidth, height: rect.height),
                     Rect(x: second + 1, y: rect.y, width: max(0, rect.maxX - second - 1), height: rect.height)]
        return (rects, [first, second])
    }
}
