/// A primary and a secondary controller side by side, as `UISplitViewController`: expanded in a
/// regular width; collapsed in a compact one, where the secondary goes onto the primary's
/// navigation stack and comes off it again when the width grows.
///
/// Two forms, as UIKit has them (Apple, "UISplitViewController", Split view styles):
/// - classic (`style` `.unspecified`): `viewControllers` is [primary, secondary];
/// - column style (iOS 14: `.doubleColumn`, `.tripleColumn`), set column by column
///   (`setViewController(_:for:)`): a supplementary column between the two in a triple column,
///   and a `.compact` column shown alone when collapsed. A column's controller that is not a
///   navigation controller is wrapped in one, as UIKit wraps it. Collapsed with no compact
///   column, the primary's stack shows the columns up to the one the delegate's
///   `splitViewController(_:topColumnForCollapsingToProposedTopColumn:)` picks, the secondary
///   proposed (Apple's `viewControllers` page: collapsed, it holds the compact column's
///   controller if there is one, else the primary).
@MainActor
open class SplitViewController: ViewController {
    /// UIKit's `UISplitViewController.Style`.
    public enum Style: String, Sendable {
        case unspecified, doubleColumn, tripleColumn
    }

    /// UIKit's `UISplitViewController.Column`.
    public enum Column: String, Sendable, CaseIterable {
        case primary, supplementary, secondary, compact
    }

    /// Expanded: [primary, secondary], or [primary, supplementary, secondary] in a triple
    /// column. Collapsed: [compact] if there is one, else [primary], as in UIKit.
    public private(set) var viewControllers: [ViewController] = []
    /// Whether only one column is shown, the others on the primary's navigation stack.
    public private(set) var isCollapsed = false
    /// The secondary when the split collapsed, shown again when it expands with nothing above
    /// the primary's root (popped, or discarded by a primary with no stack to push it on).
    private var collapsedSecondary: ViewController?
    /// Classic, or the column style a storyboard's `allowDoubleColumnStyle` asks for.
    public private(set) var style: Style
    /// The column-style split's controllers, each as shown in its column (wrapped in a
    /// navigation controller when it is not one).
    private var columns: [Column: ViewController] = [:]
    /// Told of the collapse, and asked which column shows on top of it.
    public weak var delegate: SplitViewControllerDelegate?

    public init(style: Style = .unspecified) {
        self.style = style
        super.init()
    }

    public override init() {
        style = .unspecified
        super.init()
    }

    public var primaryViewController: ViewController? { viewControllers.first }
    /// The secondary column's controller; nil when collapsed (it is on the primary's stack).
    public var secondaryViewController: ViewController? { isCollapsed ? nil : viewControllers.dropFirst().last }

    /// The storyboard's column style, set once before its children (`allowDoubleColumnStyle`).
    public func useColumnStyle(_ style: Style) {
        guard viewControllers.isEmpty else { return }
        self.style = style
    }

    /// Sets the primary and, when given, the secondary, as the storyboard's master and detail
    /// relationships do; a collapsed split puts the secondary on the primary's stack.
    public func setViewControllers(_ controllers: [ViewController]) {
        let wasCollapsed = isCollapsed
        isCollapsed = false
        for controller in children where !controllers.contains(where: { $0 === controller }) {
            controller.removeFromParent()
        }
        for controller in controllers where controller.parent !== self { addChild(controller) }
        viewControllers = controllers
        children = controllers
        if wasCollapsed { collapse(traced: false) }
    }

    /// The controller shown in `column` (column style; nil for a classic split, as in UIKit).
    /// A controller that was wrapped is returned as given, the navigation controller around it
    /// being its `navigationController`.
    public func viewController(for column: Column) -> ViewController? {
        guard style != .unspecified, let shown = columns[column] else { return nil }
        return (shown as? ColumnNavigationController)?.viewControllers.first ?? shown
    }

    /// Sets the controller of `column`, wrapped in a navigation controller unless it is one (the
    /// compact column's too). For the storyboard's relationships, before the split is shown.
    public func setViewController(_ controller: ViewController?, for column: Column) {
        guard style != .unspecified else { return }
        if column == .supplementary, style != .tripleColumn { return }
        if let controller {
            columns[column] = controller is NavigationController ? controller : ColumnNavigationController(rootViewController: controller)
        } else {
            columns[column] = nil
        }
        let expanded = [Column.primary, .supplementary, .secondary].compactMap { columns[$0] }
        setViewControllers(expanded)
    }

    /// The compact column's controller, shown alone while collapsed.
    private var compactColumn: ViewController? { style == .unspecified ? nil : columns[.compact] }

    /// The columns appear with the split when expanded; the one shown alone when collapsed.
    open override var childrenForAppearance: [ViewController] { viewControllers }

    /// Expanded: the new detail replaces the secondary. Collapsed: the primary shows it, which
    /// pushes it onto its navigation stack. Without a primary (or without a secondary column
    /// at all), presents modally, as `UIViewController` does (rule 19).
    open override func showDetailViewController(_ controller: ViewController, sender: Any?) {
        if isCollapsed, let primary = viewControllers.first {
            primary.show(controller, sender: sender)
            return
        }
        guard viewControllers.count > 1 else {
            present(controller, animated: true)
            return
        }
        trace(.transition(.showDetail(ControllerID(controller), in: ControllerID(self))))
        let leaving = [viewControllers[viewControllers.count - 1]]
        let visible = isAppearingOrAppeared
        controller.lastWindow = window ?? lastWindow
        transition(from: visible ? leaving : [], to: visible ? [controller] : [], animated: true) {
            leaving.forEach { $0.removeFromParent() }
            addChild(controller)
            viewControllers = viewControllers.dropLast() + [controller]
            children = viewControllers
            if style != .unspecified { columns[.secondary] = controller }
        }
    }

    /// Collapses in a compact width, expands in a regular one.
    override func adaptToSizeClass(_ sizeClass: UserInterfaceSizeClass) {
        // Before it first shows, a split takes its form silently; in the window, the change is
        // traced, under a presentation too (it collapses there as on screen, as in UIKit).
        let traced = isAppearingOrAppeared || window != nil
        if sizeClass == .compact { collapse(traced: traced) } else { expand(traced: traced) }
    }

    /// Classic collapse: a primary navigation controller pushes the secondary (a navigation
    /// controller among them, as Xcode's Master-Detail template relies on); any other primary
    /// discards it until the split expands. The primary's top goes off screen; the secondary
    /// stays on it. Column style: the compact column alone when there is one; else the primary's
    /// stack takes the columns after it up to the top column the delegate picks.
    private func collapse(traced: Bool) {
        guard !isCollapsed else { return }
        isCollapsed = true
        if traced { trace(.transition(.collapse(ControllerID(self)))) }
        if style != .unspecified {
            collapseColumns(traced: traced)
            return
        }
        guard viewControllers.count > 1 else { return }
        let primary = viewControllers[0], secondary = viewControllers[1]
        viewControllers = [primary]
        collapsedSecondary = secondary
        if let navigation = primary as? NavigationController {
            // The push moves the secondary without appearance calls: it is on screen already.
            navigation.pushViewController(secondary, animated: false, traced: traced)
            children = [primary]
        } else {
            if isAppearingOrAppeared { transition(from: [secondary], to: [], animated: false) {} }
            secondary.removeFromParent()
        }
    }

    /// Column-style collapse. With a compact column, it replaces the columns on screen. Without,
    /// the primary (a navigation controller, wrapped if need be) pushes the supplementary and
    /// the secondary, each as a whole, up to the top column: the secondary unless the delegate
    /// says otherwise.
    private func collapseColumns(traced: Bool) {
        let expanded = viewControllers
        if let compact = compactColumn {
            let visible = isAppearingOrAppeared
            if visible { transition(from: expanded, to: [], animated: false) {} }
            for controller in expanded { controller.removeFromParent() }
            addChild(compact)
            viewControllers = [compact]
            children = [compact]
            if visible { transition(from: [], to: [compact], animated: false) {} }
            delegate?.splitViewControllerDidCollapse(self)
            return
        }
        guard let primary = columns[.primary] as? NavigationController else { return }
        let proposed = Column.secondary
        let top = delegate?.splitViewController(self, topColumnForCollapsingToProposedTopColumn: proposed) ?? proposed
        let order: [Column] = style == .tripleColumn ? [.supplementary, .secondary] : [.secondary]
        let pushed: [Column] = switch top {
        case .primary, .compact: []
        case .supplementary: order.filter { $0 == .supplementary }
        case .secondary: order
        }
        viewControllers = [primary]
        children = [primary]
        for column in order {
            guard let controller = columns[column] else { continue }
            if pushed.contains(column) {
                controller.removeFromParent()
                primary.pushViewController(controller, animated: false, traced: traced)
            } else {
                if controller.isAppearingOrAppeared { transition(from: [controller], to: [], animated: false) {} }
                controller.removeFromParent()
            }
        }
        delegate?.splitViewControllerDidCollapse(self)
    }

    /// Column-style expansion: each column's controller back in its column (what the primary's
    /// stack held above its root goes; the user's place in a column's own stack stays).
    private func expandColumns() {
        let visible = isAppearingOrAppeared
        if let compact = compactColumn, viewControllers.first === compact {
            if visible { transition(from: [compact], to: [], animated: false) {} }
            compact.removeFromParent()
        } else if let primary = columns[.primary] as? NavigationController, let root = primary.viewControllers.first,
                  primary.viewControllers.count > 1 {
            if visible { root.beginAppearanceTransition(true, animated: false) }
            let above = primary.detachControllers(above: root)
            for controller in above where controller.isAppearingOrAppeared && !columns.values.contains(where: { $0 === controller }) {
                controller.beginAppearanceTransition(false, animated: false)
                controller.endAppearanceTransition(animated: false)
            }
            if visible { root.endAppearanceTransition(animated: false) }
        }
        let expanded = [Column.primary, .supplementary, .secondary].compactMap { columns[$0] }
        for controller in expanded where controller.parent !== self {
            controller.removeFromParent()
            addChild(controller)
        }
        viewControllers = expanded
        children = expanded
        if visible {
            let arriving = expanded.filter { !$0.isAppearingOrAppeared }
            if !arriving.isEmpty { transition(from: [], to: arriving, animated: false) {} }
        }
        delegate?.splitViewControllerDidExpand(self)
    }

    /// Classic expansion: what the collapsed primary's stack holds above its root becomes the
    /// secondary again (the first of it when that is a navigation controller, else its top;
    /// what lay between goes); with nothing above the root, the secondary of before returns.
    private func expand(traced: Bool) {
        guard isCollapsed else { return }
        isCollapsed = false
        if traced { trace(.transition(.expand(ControllerID(self)))) }
        if style != .unspecified {
            expandColumns()
            return
        }
        guard let primary = viewControllers.first else { return }
        var secondary = collapsedSecondary
        collapsedSecondary = nil
        if let navigation = primary as? NavigationController, let root = navigation.viewControllers.first,
           navigation.viewControllers.count > 1 {
            let above = navigation.detachControllers(above: root)
            let visible = isAppearingOrAppeared
            if visible { root.beginAppearanceTransition(true, animated: false) }
            secondary = above.first as? NavigationController ?? above.last
            for controller in above where controller !== secondary && controller.isAppearingOrAppeared {
                controller.beginAppearanceTransition(false, animated: false)
                controller.endAppearanceTransition(animated: false)
            }
            if visible { root.endAppearanceTransition(animated: false) }
        }
        guard let secondary else { return }
        addChild(secondary)
        viewControllers = [primary, secondary]
        children = viewControllers
        if isAppearingOrAppeared, !secondary.isAppearingOrAppeared {
            transition(from: [], to: [secondary], animated: false) {}
        }
    }
}

/// The navigation controller a column-style split wraps around a column's controller that is
/// not one, as UIKit does: a navigation controller in every respect, named so in the trace.
@MainActor
final class ColumnNavigationController: NavigationController {
    override init(rootViewController: ViewController) {
        super.init(rootViewController: rootViewController)
        sceneClassName = "NavigationController"
    }
}

/// UIKit's `UISplitViewControllerDelegate`, for the column style: each method optional, as
/// there (defaults below).
@MainActor
public protocol SplitViewControllerDelegate: AnyObject {
    /// The column on top once collapsed; `proposedTopColumn` is the secondary.
    func splitViewController(_ svc: SplitViewController,
                             topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column) -> SplitViewController.Column
    func splitViewControllerDidCollapse(_ svc: SplitViewController)
    func splitViewControllerDidExpand(_ svc: SplitViewController)
}

extension SplitViewControllerDelegate {
    public func splitViewController(_ svc: SplitViewController,
                                    topColumnForCollapsingToProposedTopColumn proposedTopColumn: SplitViewController.Column) -> SplitViewController.Column {
        proposedTopColumn
    }
    public func splitViewControllerDidCollapse(_ svc: SplitViewController) {}
    public func splitViewControllerDidExpand(_ svc: SplitViewController) {}
}
