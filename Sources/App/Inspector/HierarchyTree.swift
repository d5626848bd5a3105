import Navigation
import Terminal
import Views

/// The window's controllers as the inspector's tree: the root, its children in order (a
/// navigation controller's stack, bottom first, its top marked), and each presented controller
/// under the controller that presented it, with its presentation style. Each controller is
/// named by class and title, with the unwind actions it implements on the line below.
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

    /// The tree's first `limit` lines, and how many lines follow them. Only the lines returned
    /// are written out: a deep hierarchy costs a count, not text, for what is not shown.
    public func lines(of window: Window, limit: Int) -> (lines: [InspectorLine], more: Int) {
        guard let root = window.rootViewController else { return ([InspectorLine("no root controller", role: .note)], 0) }
        var lines: [InspectorLine] = []
        var more = 0
        visit(root, prefix: "", connector: "", childPrefix: "", presented: false, isTop: false, limit: limit, lines: &lines, more: &more)
        return (lines, more)
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

    private func visit(_ controller: ViewController, prefix: String, connector: String, childPrefix: String,
                       presented: Bool, isTop: Bool, limit: Int, lines: inout [InspectorLine], more: inout Int) {
        let children = children(of: controller)
        let presentedChild = controller.presentedViewController
        let hasBranches = !children.isEmpty || presentedChild != nil
        let actions = unwindActions(of: controller)
        let lineCount = actions.isEmpty ? 1 : 2
        // Once a line is left out, every later one is too: the tree never skips a controller.
        if more > 0 || lines.count + lineCount > limit {
            more += lineCount
        } else {
            var text = presented ? "presents " : ""
            text += Self.name(of: controller)
            if presented { text += " (\(Self.presentationWords(of: controller)))" }
            if let split = controller as? SplitViewController { text += split.isCollapsed ? " (collapsed)" : " (expanded)" }
            let note = notes.first { $0.key.names(controller) }?.value
            let marks = (isTop ? ["top"] : []) + Self.containmentMarks(of: controller) + (note.map { [$0] } ?? [])
            if !marks.isEmpty { text += " \(glyphs.back) " + marks.joined(separator: ", ") }
            let role: InspectorLine.Role = highlighted?.names(controller) == true ? .highlight : .plain
            lines.append(InspectorLine(text, prefix: prefix + connector, role: role,
                                       continuation: childPrefix + (hasBranches ? "\(glyphs.vertical) " : "  ") + "  "))
            if !actions.isEmpty {
                let detailPrefix = childPrefix + (hasBranches ? "\(glyphs.vertical) " : "  ")
                lines.append(InspectorLine("unwinds " + actions.map(\.name).joined(separator: " "), prefix: detailPrefix,
                                           continuation: detailPrefix + "        "))
            }
        }
        let top = (controller as? NavigationController)?.topViewController
        var branches: [(ViewController, Bool)] = children.map { ($0, false) }
        if let presentedChild { branches.append((presentedChild, true)) }
        for (index, (child, isPresented)) in branches.enumerated() {
            let isLast = index == branches.count - 1
            let tee = isLast ? "\(glyphs.bottomLeft) " : "\(glyphs.teeLeft) "
            let down = isLast ? "  " : "\(glyphs.vertical) "
            visit(child, prefix: childPrefix, connector: tee, childPrefix: childPrefix + down,
                  presented: isPresented, isTop: child === top && !isPresented, limit: limit, lines: &lines, more: &more)
        }
    }

    /// The presentation's style, and the style in effect when it adapted (a popover in a compact
    /// width is full screen), or the controller whose area a current-context one covers.
    static func presentationWords(of controller: ViewController) -> String {
        let style = controller.modalPresentationStyle
        var words = style.rawValue
        let adapted = controller.adaptivePresentationStyle
        if adapted != style { words += ", shown \(adapted.rawValue)" }
        if style.isCurrentContext, let context = controller.presentationContext { words += ", over \(name(of: context))" }
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
        guard let title, !title.isEmpty else { return className }
        return "\(className) \"\(title)\""
    }
}
