import Navigation
import Terminal
import Views

/// The window's controllers as the inspector's tree: the root, its children in order (a
/// navigation controller's stack, bottom first, its top marked), and each presented controller
/// under the controller that presented it, with its presentation style. Each controller is
/// named by class and title, with the unwind actions it implements on the line below.
///
/// A tab bar's tabs other than the selected one are folded to a line each (`‹ tab "Push" +1`:
/// one more controller inside), unless the step under way is about a controller in them or a
/// note names one: the room sees the branch the screen shows, and six tabs fit the panel. When
/// the tree is longer than the panel, it shows the lines around the controller the step is
/// about, or else the one on screen.
@MainActor
public struct HierarchyTree {
    public var glyphs: Glyphs
    /// The controller the step about to run is about, drawn highlighted.
    public var highlighted: ControllerID?
    /// Words after a controller's name: what it answered in the unwind under way.
    public var notes: [ControllerID: String]
    public init(glyphs: Glyphs, highlighted: ControllerID? = nil, notes: [ControllerID: String] = [:]) {
        self.glyphs = glyphs
        self.highlighted = highlighted
        self.notes = notes
    }

    /// `limit` lines of the tree, those around the focus (the controller the step under way is
    /// about, else the one on screen), how many lines come before them, and how many after.
    /// Only the lines returned are written out: a deep hierarchy costs a count, not text, for
    /// what is not shown. `focus`: the index in `lines` of the focus's line.
    public func lines(of window: Window, limit: Int) -> (lines: [InspectorLine], before: Int, more: Int, focus: Int?) {
        guard let root = window.rootViewController else { return ([InspectorLine("no root controller", role: .note)], 0, 0, nil) }
        let focused = Self.onScreen(in: window)
        // First the lines counted, to find the focus's; then those of the window around it written.
        var pass = Pass(start: 0, limit: 0, focused: focused)
        visit(root, prefix: "", connector: "", childPrefix: "", presented: false, isTop: false, pass: &pass)
        let focusLine = pass.focusLine ?? 0
        let start = focusLine < limit - 1 ? 0 : max(0, min(focusLine - limit / 2, pass.position - limit))
        var shown = Pass(start: start, limit: limit, focused: focused)
        visit(root, prefix: "", connector: "", childPrefix: "", presented: false, isTop: false, pass: &shown)
        let before = shown.firstWritten ?? start
        return (shown.lines, before, max(0, shown.position - before - shown.lines.count), pass.focusLine.map { $0 - before })
    }

    /// The lines of the tree from line `start`, at most `limit` of them, and how many lines the
    /// whole tree has: a page of the tree scrolled by hand (the inspector zoomed).
    /// `first`: the line the first one returned is (a controller's two lines are never split,
    /// so it can be after `start`).
    public func lines(of window: Window, from start: Int, limit: Int) -> (lines: [InspectorLine], first: Int, total: Int) {
        guard let root = window.rootViewController else { return ([InspectorLine("no root controller", role: .note)], 0, 1) }
        var pass = Pass(start: start, limit: limit, focused: Self.onScreen(in: window))
        visit(root, prefix: "", connector: "", childPrefix: "", presented: false, isTop: false, pass: &pass)
        return (pass.lines, pass.firstWritten ?? start, pass.position)
    }

    /// A walk of the tree: the lines written from line `start` on, at most `limit` of them,
    /// and where the focus's line is (the highlighted controller's, else `focused`'s).
    private struct Pass {
        let start: Int
        let limit: Int
        weak var focused: ViewController?
        var lines: [InspectorLine] = []
        /// Lines walked so far, written or not.
        var position = 0
        var focusLine: Int?
        /// The line the first written one is.
        var firstWritten: Int?

        /// Whether the `count` lines from `position` are written, in whole: the tree never
        /// shows half of a controller's lines.
        func writes(_ count: Int) -> Bool { position >= start && position + count <= start + limit }
    }

    /// The controller on screen: the top level's, down its selected tabs, stacks' tops and
    /// split views' last columns.
    static func onScreen(in window: Window) -> ViewController? {
        var controller = window.topViewController
        while let current = controller {
            if let tabBar = current as? TabBarController, let selected = tabBar.selectedViewController {
                controller = selected
            } else if let navigation = current as? NavigationController, let top = navigation.topViewController {
                controller = top
            } else if let split = current as? SplitViewController, let last = split.viewControllers.last {
                controller = last
            } else {
                break
            }
        }
        return controller
    }

    private func children(of controller: ViewController) -> [ViewController] {
        (controller as? NavigationController)?.viewControllers ?? controller.children
    }

    private func unwindActions(of controller: ViewController) -> [Selector] {
        controller.actions.compactMap { selector, action in
            if case .unwind = action { return selector }
            return nil
        }.sorted { $0.name < $1.name }
    }

    /// Whether a tab's branch is folded: not the selected tab, and nothing under way about it.
    private func isFolded(_ controller: ViewController) -> Bool {
        guard let tabBar = controller.parent as? TabBarController, tabBar.selectedViewController !== controller else { return false }
        return !descendants(of: controller).contains { child in
            highlighted?.names(child) == true || notes.keys.contains { $0.names(child) }
        }
    }

    /// The controller and every controller under it: children and what they present.
    private func descendants(of controller: ViewController) -> [ViewController] {
        [controller] + (children(of: controller) + [controller.ownPresentedViewController].compactMap { $0 }).flatMap(descendants(of:))
    }

    private func visit(_ controller: ViewController, prefix: String, connector: String, childPrefix: String,
                       presented: Bool, isTop: Bool, pass: inout Pass) {
        let folded = isFolded(controller)
        let children = folded ? [] : children(of: controller)
        let presentedChild = folded ? nil : controller.ownPresentedViewController
        let hasBranches = !children.isEmpty || presentedChild != nil
        let actions = folded ? [] : unwindActions(of: controller)
        let lineCount = actions.isEmpty ? 1 : 2
        if highlighted.map({ $0.names(controller) }) ?? (controller === pass.focused) { pass.focusLine = pass.position }
        if pass.writes(lineCount) {
            if pass.firstWritten == nil { pass.firstWritten = pass.position }
            var text = presented ? "presents " : ""
            text += Self.name(of: controller)
            if presented { text += " (\(Self.presentationWords(of: controller)))" }
            if let split = controller as? SplitViewController { text += split.isCollapsed ? " (collapsed)" : " (expanded)" }
            let note = notes.first { $0.key.names(controller) }?.value
            let inside = folded ? descendants(of: controller).count - 1 : 0
            let tabTitle = controller.tabBarItem.displayTitle.isEmpty ? "" : " \"\(controller.tabBarItem.displayTitle)\""
            // `+2`: two controllers folded inside.
            let foldedMark = folded ? ["tab\(tabTitle)" + (inside > 0 ? " +\(inside)" : "")] : []
            let marks = (isTop ? ["top"] : []) + Self.containmentMarks(of: controller) + foldedMark + (note.map { [$0] } ?? [])
            if !marks.isEmpty { text += " \(glyphs.back) " + marks.joined(separator: ", ") }
            let role: InspectorLine.Role = highlighted?.names(controller) == true ? .highlight : .plain
            pass.lines.append(InspectorLine(text, prefix: prefix + connector, role: role,
                                       continuation: childPrefix + (hasBranches ? "\(glyphs.vertical) " : "  ") + "  "))
            if !actions.isEmpty {
                let detailPrefix = childPrefix + (hasBranches ? "\(glyphs.vertical) " : "  ")
                pass.lines.append(InspectorLine("unwinds " + actions.map(\.name).joined(separator: " "), prefix: detailPrefix,
                                           continuation: detailPrefix + "        "))
            }
        }
        pass.position += lineCount
        let top = (controller as? NavigationController)?.topViewController
        var branches: [(ViewController, Bool)] = children.map { ($0, false) }
        if let presentedChild { branches.append((presentedChild, true)) }
        for (index, (child, isPresented)) in branches.enumerated() {
            let isLast = index == branches.count - 1
            let tee = isLast ? "\(glyphs.bottomLeft) " : "\(glyphs.teeLeft) "
            let down = isLast ? "  " : "\(glyphs.vertical) "
            visit(child, prefix: childPrefix, connector: tee, childPrefix: childPrefix + down,
                  presented: isPresented, isTop: child === top && !isPresented, pass: &pass)
        }
    }

    /// The presentation's style as the window's iOS resolved it ("form sheet"), with the style
    /// asked for when that differs ("form sheet (automatic on iOS 18)", "form sheet (popover on
    /// iOS 18)": a popover in a compact width), or the controller whose area a current-context
    /// one covers, and who asked for it.
    static func presentationWords(of controller: ViewController) -> String {
        let style = controller.modalPresentationStyle
        let adapted = controller.adaptivePresentationStyle
        var words = adapted.displayName
        if adapted != style {
            let system = (controller.window ?? controller.presentingViewController?.window)?.systemVersion ?? .iOS18
            words += " (\(style.rawValue) on \(system))"
        }
        if style.isCurrentContext, let context = controller.presentationContext { words += ", over \(name(of: context))" }
        if let asked = controller.presentationAskedBy { words += ", asked by \(name(of: asked))" }
        return words
    }

    /// What the controller is to its container: the tab shown, or the child embedded in a
    /// container view of its parent's view.
    static func containmentMarks(of controller: ViewController) -> [String] {
        guard let parent = controller.parent else { return [] }
        if let tabBar = parent as? TabBarController {
            return tabBar.selectedViewController === controller ? ["selected tab"] : []
        }
        let embedded = parent.viewIfLoaded?.allViews.contains { ($0 as? ContainerView)?.embeddedViewController === controller } ?? false
        return embedded ? ["embedded"] : []
    }

    /// A controller as the tree names it: its class, and its title when it has one.
    static func name(of controller: ViewController) -> String {
        let className = controller.className
        let title = controller.navigationItem.title ?? controller.title
        guard let title, !title.isEmpty else {
            // Several untitled scenes of one class read apart by their scene (issue 33, defect 6).
            return (controller as? any StandIn)?.standingInFor.scene.map { "\(className) #\($0)" } ?? className
        }
        return "\(className) \"\(title)\""
    }
}
