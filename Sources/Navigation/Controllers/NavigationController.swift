/// A stack of controllers with a navigation bar, as `UINavigationController`.
@MainActor
open class NavigationController: ViewController {
    public private(set) var viewControllers: [ViewController] = [] {
        didSet { largeTitleAnswer = nil }
    }
    /// Large titles in the bar, as the storyboard's `largeTitles="YES"` asks.
    public var prefersLargeTitles = false

    /// Whether the bar shows the top controller's title large, as UIKit decides it: the bar
    /// prefers large titles, and the top item's `largeTitleDisplayMode` is `always`, or
    /// `automatic` and the item under it would show a large title, the root's `automatic`
    /// showing one ("inherit the large-title setting from the previous navigation item").
    public var displaysLargeTitle: Bool {
        guard prefersLargeTitles else { return false }
        // Kept until the stack or an item's mode changes: a frame asks several times, and a
        // stack of 2,000 `automatic` items would make every key walk it (issue 46).
        if let kept = largeTitleAnswer, kept.modeChanges == NavigationItem.largeTitleModeChanges { return kept.answer }
        var answer = true
        // From the top down to the first item that decides.
        var index = viewControllers.count - 1
        search: while index >= 0 {
            switch viewControllers[index].navigationItem.largeTitleDisplayMode {
            case .always: answer = true; break search
            case .never: answer = false; break search
            case .automatic: index -= 1
            }
        }
        largeTitleAnswer = (answer, NavigationItem.largeTitleModeChanges)
        return answer
    }

    /// `displaysLargeTitle`'s last answer, and the count of mode changes it was found at.
    private var largeTitleAnswer: (answer: Bool, modeChanges: Int)?
    /// Whether the toolbar, which shows the top controller's `toolbarItems`, is hidden; hidden by default, as in UIKit.
    public var isToolbarHidden = true

    public override init() { super.init() }

    public init(rootViewController: ViewController) {
        super.init()
        setViewControllers([rootViewController], animated: false)
    }

    public var topViewController: ViewController? { viewControllers.last }

    /// The controller the user sees: the top of the stack, or what it presented.
    public var visibleViewController: ViewController? {
        topViewController.map { $0.presentedViewController ?? $0 }
    }

    open override var childrenForAppearance: [ViewController] { topViewController.map { [$0] } ?? [] }

    public func setViewControllers(_ controllers: [ViewController], animated: Bool) {
        let leaving = topViewController.map { [$0] } ?? []
        let arriving = controllers.last.map { [$0] } ?? []
        let visible = isAppearingOrAppeared && leaving.first !== arriving.first
        transition(from: visible ? leaving : [], to: visible ? arriving : [], animated: animated) {
            // Sets of identities, not searches of the arrays: a stack may be 10,000 deep. Both
            // arrays hold their controllers meanwhile, so no identity can be reused.
            let staying = Set(controllers.map(ObjectIdentifier.init))
            removeChildren(viewControllers.filter { !staying.contains(ObjectIdentifier($0)) })
            for controller in controllers where controller.parent !== self { addChild(controller) }
            viewControllers = controllers
            children = controllers
        }
        if let root = controllers.first, controllers.count == 1 {
            trace(.transition(.setRoot(ControllerID(root))))
        }
    }

    public func pushViewController(_ controller: ViewController, animated: Bool) {
        pushViewController(controller, animated: animated, traced: true)
    }

    /// `traced: false` for a split view's silent collapse (before it shows, or in a tab not on
    /// screen): the push is part of a change the trace does not report, and alone it read as a
    /// push from nowhere, which the inspector took for the last thing that moved.
    func pushViewController(_ controller: ViewController, animated: Bool, traced: Bool) {
        if traced { trace(.transition(.push(ControllerID(controller), onto: ControllerID(self)))) }
        let leaving = topViewController.map { [$0] } ?? []
        let visible = isAppearingOrAppeared
        controller.lastWindow = window ?? lastWindow
        transition(from: visible ? leaving : [], to: visible ? [controller] : [], animated: animated) {
            addChild(controller)
            viewControllers.append(controller)
        }
    }

    @discardableResult
    public func popViewController(animated: Bool) -> ViewController? {
        guard viewControllers.count > 1 else { return nil }
        return popToViewController(viewControllers[viewControllers.count - 2], animated: animated)?.first
    }

    /// Pops every controller above `controller`; returns them, or nil when it is not on the stack.
    @discardableResult
    public func popToViewController(_ controller: ViewController, animated: Bool) -> [ViewController]? {
        guard let index = viewControllers.firstIndex(where: { $0 === controller }) else { return nil }
        let popped = Array(viewControllers[(index + 1)...])
        guard !popped.isEmpty else { return [] }
        trace(.transition(.pop(to: ControllerID(controller), in: ControllerID(self))))
        let visible = isAppearingOrAppeared
        transition(from: visible ? [popped.last!] : [], to: visible ? [controller] : [], animated: animated) {
            viewControllers.removeLast(popped.count)
            removeChildren(popped)
        }
        return popped
    }

    /// Takes the controllers above `controller` off the stack without appearance calls, for a
    /// split view that moves them to its secondary column, where they stay on screen.
    func detachControllers(above controller: ViewController) -> [ViewController] {
        guard let index = viewControllers.firstIndex(where: { $0 === controller }) else { return [] }
        let detached = Array(viewControllers[(index + 1)...])
        viewControllers.removeLast(detached.count)
        removeChildren(detached)
        return detached
    }

    @discardableResult
    public func popToRootViewController(animated: Bool) -> [ViewController]? {
        viewControllers.first.flatMap { popToViewController($0, animated: animated) }
    }

    open override func show(_ controller: ViewController, sender: Any?) {
        pushViewController(controller, animated: true)
    }

    /// The stack from the top down, so that the nearest controller wins (rule 3).
    open override func allowedChildrenForUnwinding(from source: UnwindSegueSource) -> [ViewController] {
        let containing = childContaining(source)
        return viewControllers.reversed().filter { $0 !== containing }
    }

    open override func unwind(for unwindSegue: StoryboardSegue, towards subsequentViewController: ViewController) {
        guard topViewController !== subsequentViewController else { return }
        popToViewController(subsequentViewController, animated: true)
    }

    // MARK: Back button

    /// The Back item the bar shows for `controller` when it is above another on the stack and
    /// has no left item of its own. Firing it pops: a pop, not an unwind.
    public func backBarButtonItem(for controller: ViewController) -> BarButtonItem? {
        backBarButtonItem(for: controller, evenWithLeftItems: false)
    }

    /// The Back item, also when the controller has left items that supplement it
    /// (`leftItemsSupplementBackButton`).
    func backBarButtonItem(for controller: ViewController, evenWithLeftItems: Bool) -> BarButtonItem? {
        // Looked for from the top, where the bar's controller is: a key's cost does not grow
        // with the depth of the stack (issue 46).
        guard let index = viewControllers.lastIndex(where: { $0 === controller }), index > 0,
              !controller.navigationItem.hidesBackButton, evenWithLeftItems || controller.navigationItem.leftBarButtonItem == nil
        else { return nil }
        let previous = viewControllers[index - 1]
        let title = previous.navigationItem.backButtonTitle ?? previous.navigationItem.title ?? previous.title ?? "Back"
        // The item lives on the controller's own navigation item, as the bar's back button does
        // in UIKit, so it goes when the controller goes: a cache here keyed by the controller's
        // address handed a later controller at the same address a button for the dead one.
        if let item = controller.navigationItem.backItem {
            item.title = title
            return item
        }
        let item = BarButtonItem(title: title)
        item.handler = { [weak controller] in
            guard let controller, let navigation = controller.navigationController,
                  navigation.topViewController === controller else { return }
            navigation.popViewController(animated: true)
        }
        controller.navigationItem.backItem = item
        return item
    }

    /// Every item the bar shows for the top controller: the left ones (or Back, or Back then the
    /// left ones when they supplement it) from the left edge inward, and the right ones from the
    /// right edge inward, as UIKit orders them. `isBack`: the first left item is Back.
    ///
    /// A navigation controller on top of the stack (a collapsed split view pushes its detail's
    /// whole) shows under this bar, as in UIKit: the bar shows its top's items, and its Back
    /// when it has more than its root (titled with the controller below in it), else this one's
    /// Back, to what lies below it here.
    public var barItemLists: (left: [BarButtonItem], isBack: Bool, right: [BarButtonItem]) {
        guard let top = topViewController else { return ([], false, []) }
        if let inner = top as? NavigationController, let innerTop = inner.topViewController {
            let own = inner.barItemLists
            let item = innerTop.navigationItem
            if own.isBack || (!item.leftBarButtonItems.isEmpty && !item.leftItemsSupplementBackButton) || item.hidesBackButton { return own }
            let back = backBarButtonItem(for: inner, evenWithLeftItems: true)
            return ([back].compactMap { $0 } + own.left, back != nil, own.right)
        }
        let item = top.navigationItem
        if !item.leftBarButtonItems.isEmpty, !item.leftItemsSupplementBackButton {
            return (item.leftBarButtonItems, false, item.rightBarButtonItems)
        }
        let back = backBarButtonItem(for: top, evenWithLeftItems: item.leftItemsSupplementBackButton)
        return ([back].compactMap { $0 } + item.leftBarButtonItems, back != nil, item.rightBarButtonItems)
    }

    /// The items the bar shows for the top controller: left (or Back) and right.
    public var barItems: (left: BarButtonItem?, isBack: Bool, right: BarButtonItem?) {
        let lists = barItemLists
        return (lists.left.first, lists.isBack, lists.right.first)
    }
}
