/// Tabs, one controller each, as `UITabBarController`: only the selected tab is on screen, and
/// an unwind whose path crosses the tab bar selects the tab that leads to its destination.
@MainActor
open class TabBarController: ViewController {
    public private(set) var viewControllers: [ViewController] = []
    private var selected: ViewController?

    public override init() { super.init() }

    /// The tab shown, by its index in `viewControllers`; setting it switches tabs: the old tab
    /// disappears and the new one appears, as a tap on the tab bar does.
    public var selectedIndex: Int {
        get { selected.flatMap { controller in viewControllers.firstIndex { $0 === controller } } ?? 0 }
        set {
            guard viewControllers.indices.contains(newValue) else { return }
            select(viewControllers[newValue])
        }
    }

    /// The controller of the tab shown; setting it to one of `viewControllers` switches to it.
    public var selectedViewController: ViewController? {
        get { selected }
        set {
            guard let newValue, viewControllers.contains(where: { $0 === newValue }) else { return }
            select(newValue)
        }
    }

    /// Only the selected tab appears with the tab bar controller.
    open override var childrenForAppearance: [ViewController] { selected.map { [$0] } ?? [] }

    public func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        let kept = selected.flatMap { old in controllers.first { $0 === old } }
        let arriving = kept ?? controllers.first
        let visible = isAppearingOrAppeared && arriving !== selected
        transition(from: visible ? (selected.map { [$0] } ?? []) : [], to: visible ? (arriving.map { [$0] } ?? []) : [], animated: animated) {
            for controller in viewControllers where !controllers.contains(where: { $0 === controller }) {
                controller.removeFromParent()
            }
            for controller in controllers where controller.parent !== self { addChild(controller) }
            viewControllers = controllers
            children = controllers
            selected = arriving
        }
    }

    private func select(_ controller: ViewController) {
        guard controller !== selected else { return }
        trace(.transition(.selectTab(ControllerID(controller), in: ControllerID(self))))
        let leaving = isAppearingOrAppeared ? selected.map { [$0] } ?? [] : []
        let arriving = isAppearingOrAppeared ? [controller] : []
        // A tab's area may hold a current-context presentation, which comes and goes with it.
        // The arriving tab's view loads first, and is appearing once in the hierarchy, as
        // `transition(from:to:animated:change:)` orders them.
        for tab in arriving where !tab.isCoveredByCurrentContext { tab.prepareToAppear() }
        for tab in leaving { tab.beginAreaAppearanceTransition(false, animated: false) }
        for tab in arriving { tab.beginAreaAppearanceTransition(true, animated: false) }
        selected = controller
        for tab in arriving {
            tab.viewIsAppearingIfNeeded(animated: false)
            tab.currentContextPresentation?.viewIsAppearingIfNeeded(animated: false)
        }
        for tab in leaving { tab.endAreaAppearanceTransition(animated: false) }
        for tab in arriving { tab.endAreaAppearanceTransition(animated: false) }
    }

    /// The other tabs, in tab order: UIKit's tab bar controller keeps the default of its
    /// children minus the one that contains the source, whichever tab is selected.
    open override func allowedChildrenForUnwinding(from source: UnwindSegueSource) -> [ViewController] {
        let containing = childContaining(source)
        return viewControllers.filter { $0 !== containing }
    }

    /// Selects the tab that leads to the destination (rule 12).
    open override func unwind(for unwindSegue: StoryboardSegue, towards subsequentViewController: ViewController) {
        guard viewControllers.contains(where: { $0 === subsequentViewController }) else { return }
        select(subsequentViewController)
    }
}
