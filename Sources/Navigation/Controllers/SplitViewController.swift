/// A primary and a secondary controller side by side, as `UISplitViewController` in its classic
/// form: expanded in a regular width; collapsed in a compact one, where the secondary goes onto
/// the primary's navigation stack and comes off it again when the width grows.
@MainActor
open class SplitViewController: ViewController {
    /// [primary, secondary] when expanded; [primary] when collapsed, as in UIKit.
    public private(set) var viewControllers: [ViewController] = []
    /// Whether only the primary is shown, the secondary on its navigation stack.
    public private(set) var isCollapsed = false
    /// The secondary when the split collapsed, shown again when it expands with nothing above
    /// the primary's root (popped, or discarded by a primary with no stack to push it on).
    private var collapsedSecondary: ViewController?

    public override init() { super.init() }

    public var primaryViewController: ViewController? { viewControllers.first }
    /// The secondary column's controller; nil when collapsed (it is on the primary's stack).
    public var secondaryViewController: ViewController? { isCollapsed ? nil : viewControllers.dropFirst().first }

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

    /// Both columns appear with the split when expanded; the primary alone when collapsed.
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
        let leaving = Array(viewControllers[1...])
        let visible = isAppearingOrAppeared
        controller.lastWindow = window ?? lastWindow
        transition(from: visible ? leaving : [], to: visible ? [controller] : [], animated: true) {
            leaving.forEach { $0.removeFromParent() }
            addChild(controller)
            viewControllers = [viewControllers[0], controller]
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
    /// stays on it.
    private func collapse(traced: Bool) {
        guard !isCollapsed else { return }
        isCollapsed = true
        if traced { trace(.transition(.collapse(ControllerID(self)))) }
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

    /// Classic expansion: what the collapsed primary's stack holds above its root becomes the
    /// secondary again (the first of it when that is a navigation controller, else its top;
    /// what lay between goes); with nothing above the root, the secondary of before returns.
    private func expand(traced: Bool) {
        guard isCollapsed else { return }
        isCollapsed = false
        if traced { trace(.transition(.expand(ControllerID(self)))) }
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
