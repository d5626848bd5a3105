/// A primary and a secondary controller side by side, as `UISplitViewController` (classic):
/// expanded in a regular width; collapsed into the primary's navigation stack in a compact one.
@MainActor
open class SplitViewController: ViewController {
    /// [primary, secondary] when expanded; [primary] when collapsed, as in UIKit.
    public private(set) var viewControllers: [ViewController] = []
    /// Whether only the primary is shown, the secondary on its navigation stack.
    public private(set) var isCollapsed = false
    /// The secondary while collapsed (or before it is first shown), to show again on expanding
    /// when nothing was pushed on the primary in its place.
    private var heldSecondary: ViewController?

    public override init() { super.init() }

    public var primaryViewController: ViewController? { viewControllers.first }
    public var secondaryViewController: ViewController? { isCollapsed ? nil : viewControllers.dropFirst().first }

    public func setViewControllers(_ controllers: [ViewController]) {
        for controller in viewControllers where !controllers.contains(where: { $0 === controller }) {
            controller.removeFromParent()
        }
        for controller in controllers where controller.parent !== self { addChild(controller) }
        viewControllers = controllers
        children = controllers
    }

    open override func showDetailViewController(_ controller: ViewController, sender: Any?) {
        guard viewControllers.count > 1, !isCollapsed else {
            present(controller, animated: true)
            return
        }
        trace(.transition(.showDetail(ControllerID(controller), in: ControllerID(self))))
        let leaving = Array(viewControllers[1...])
        let visible = isAppearingOrAppeared
        transition(from: visible ? leaving : [], to: visible ? [controller] : [], animated: true) {
            leaving.forEach { $0.removeFromParent() }
            addChild(controller)
            viewControllers = [viewControllers[0], controller]
        }
    }

    /// Collapses in a compact width, expands in a regular one.
    override func adaptToSizeClass(_ sizeClass: UserInterfaceSizeClass) {
        isCollapsed = sizeClass == .compact
    }
}
