/// A screen's controller, as `UIViewController`: a view loaded from the storyboard, a life
/// cycle, a place in the hierarchy of containers and presentations, segues, and its part in
/// unwinding.
///
/// Every method a subclass may override is declared here; what they do is spelled out in the
/// files beside this one (appearance, presentation, segues, unwind).
@MainActor
open class ViewController: ActionTarget {
    public init() {}

    /// Which controller this is, for traces: unlike its address, never another's while a
    /// trace still names it.
    let instance = ControllerInstance()
    /// The unwind search asking a level now, with this controller as its source: the default
    /// `viewControllerForUnwindSegueAction` finds it here, since a subclass's override calls
    /// it with no search in its arguments. Searches run synchronously, within one step.
    var destinationSearch: DestinationSearch?

    // MARK: Identity

    open var title: String?
    public let navigationItem = NavigationItem()
    /// The items its navigation controller's toolbar shows while it is on top, as in UIKit.
    public var toolbarItems: [BarButtonItem] = []
    /// The storyboard the controller was instantiated from, which its segues instantiate from.
    public internal(set) var storyboard: Storyboard?
    /// The scene's `storyboardIdentifier`, if it has one.
    public internal(set) var storyboardIdentifier: String?
    /// The Interface Builder id of the scene's controller element.
    var storyboardElementID: String?
    /// The class name traces and the inspector show: the class a stand-in stands in for, a
    /// plain scene's UIKit class (`sceneClassName`), or the controller's own. (Any class may
    /// adopt `StandIn`, so the question is asked of the type; the runtime remembers its answer
    /// per class.)
    public var className: String { (self as? StandIn)?.standingInFor.className ?? sceneClassName ?? typeName(type(of: self)) }
    /// A scene with no custom class, of an element whose engine class shares its name with the
    /// classes Xcode's templates write (`ViewController`, `TableViewController`): UIKit's name
    /// (`UIViewController`), so that it is never taken for a scene of the app's class.
    var sceneClassName: String?

    // MARK: View

    private var loadedView: View?
    /// Builds the view tree from the storyboard scene; set by the storyboard.
    var viewFactory: (@MainActor (ViewController) -> View)?
    /// What the storyboard does once the view is loaded: its embed segues.
    var viewDidLoadFromStoryboard: (@MainActor (ViewController) -> Void)?

    /// The root view, loaded on first use, as in UIKit.
    public var view: View! {
        get {
            loadViewIfNeeded()
            return loadedView
        }
        set {
            loadedView = newValue
            newValue?.owningViewController = self
        }
    }

    public var viewIfLoaded: View? { loadedView }
    public var isViewLoaded: Bool { loadedView != nil }

    /// Makes the root view: the storyboard's, or an empty one.
    open func loadView() {
        view = viewFactory?(self) ?? View()
    }

    public func loadViewIfNeeded() {
        guard loadedView == nil else { return }
        loadView()
        if loadedView == nil { view = View() }
        // Embed segues run once the view exists, before viewDidLoad, as in UIKit.
        viewDidLoadFromStoryboard?(self)
        trace(.lifeCycle(.viewDidLoad, ControllerID(self)))
        viewDidLoad()
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    /// Called after `viewWillAppear`, once the view is in the hierarchy and laid out, before
    /// `viewDidAppear`: where UIKit (iOS 17, back-deployed to 13) has code that needs the
    /// view's size and traits.
    open func viewIsAppearing(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    var appearance = AppearanceState.disappeared
    /// Whether `viewIsAppearing` was sent in the appearance under way: once per appearance.
    var hasSentViewIsAppearing = false
    /// Whether the appearance transition under way is animated, for `endAppearanceTransition()`.
    var appearanceTransitionIsAnimated = false

    /// The children that appear and disappear with this controller: all of them by default, the
    /// top of the stack for a navigation controller.
    open var childrenForAppearance: [ViewController] { children }

    // MARK: Hierarchy

    public internal(set) weak var parent: ViewController? {
        didSet { linkChanged(from: oldValue, to: parent) }
    }
    public internal(set) var children: [ViewController] = []
    public internal(set) weak var presentingViewController: ViewController? {
        didSet { linkChanged(from: oldValue, to: presentingViewController) }
    }
    /// A parent or a presenter changed from `old` to `new`: every window the way up passed
    /// through counts it (`Window.hierarchyGeneration`: the old one's, the new one's, this
    /// root's). The old one's also forgets the windows its controllers found
    /// (`Window.windowGeneration`), since this controller and those below it may have left it.
    /// Adding a controller to a hierarchy changes no window already found (the walk up ends
    /// where it ended before), so it keeps them.
    private func linkChanged(from old: ViewController?, to new: ViewController?) {
        guard old !== new else { return }
        let oldWindow = old?.window
        oldWindow?.windowGeneration &+= 1
        for window in [oldWindow, new?.window, installedWindow] { window?.hierarchyGeneration &+= 1 }
    }

    /// A controller that goes leaves its children and what it presented without their parent
    /// or presenter, which are weak and so change without a word: the window they found
    /// through it forgets them.
    isolated deinit {
        for window in [installedWindow, foundWindow] {
            window?.hierarchyGeneration &+= 1
            window?.windowGeneration &+= 1
        }
    }
    /// The controller this one presented itself: the hierarchy's own link, which the engine
    /// and the inspector's tree follow.
    public internal(set) var ownPresentedViewController: ViewController?
    /// As UIKit's: "the view controller that is presented by this view controller, or one of its
    /// ancestors in the view controller hierarchy", since a presentation asked for deep in a
    /// container is made by the controller that covers the screen.
    public var presentedViewController: ViewController? { ownPresentedViewController ?? parent?.presentedViewController }
    /// How `present` shows this controller: Automatic by default, as in UIKit since iOS 13,
    /// which the window's iOS resolves (a sheet from iOS 13, full screen on iOS 12).
    public var modalPresentationStyle = ModalPresentationStyle.automatic

    /// Whether the user may not pull this controller's sheet down, as UIKit's
    /// `isModalInPresentation`: a pull then asks the presentation controller's delegate
    /// `presentationControllerDidAttemptToDismiss` instead. Asked of the presented controller
    /// and of the children it shows (the top of a presented navigation stack may set it).
    public var isModalInPresentation = false

    /// The popover's anchor, when `modalPresentationStyle` is `.popover`, as in UIKit: nil for
    /// every other style. Set its `sourceView` or `barButtonItem` before presenting.
    public var popoverPresentationController: PopoverPresentationController? {
        guard modalPresentationStyle == .popover else { return nil }
        if let popover = ownPresentationController as? PopoverPresentationController { return popover }
        let controller = PopoverPresentationController(presentedViewController: self)
        ownPresentationController = controller
        return controller
    }

    /// The presentation controller that manages this controller or the presented ancestor it is
    /// in, as UIKit's: a presented navigation controller's, for the controllers on its stack.
    /// Made on first use, so that `prepare(for:sender:)` or `viewDidLoad` can set its delegate
    /// before the presentation.
    public var presentationController: PresentationController? {
        if presentingViewController == nil, let parent { return parent.presentationController }
        if modalPresentationStyle == .popover { return popoverPresentationController }
        if let ownPresentationController { return ownPresentationController }
        let controller = PresentationController(presentedViewController: self)
        ownPresentationController = controller
        return controller
    }
    /// The window, when this controller is the window's root.
    weak var installedWindow: Window? {
        didSet {
            guard installedWindow !== oldValue else { return }
            oldValue?.hierarchyGeneration &+= 1
            oldValue?.windowGeneration &+= 1
        }
    }
    /// The window last found by `window`, valid while its `windowGeneration` is
    /// `foundWindowGeneration`.
    private weak var foundWindow: Window?
    private var foundWindowGeneration = -1
    /// The window the controller was last shown in, for tracing steps after it left it.
    weak var lastWindow: Window?

    open func addChild(_ child: ViewController) {
        child.removeFromParent()
        children.append(child)
        child.parent = self
    }

    open func removeFromParent() {
        parent?.children.removeAll { $0 === self }
        parent = nil
    }

    /// Removes several children at once, in one pass over `children`: a stack popped from
    /// 10,000 controllers to one would otherwise search the children once per controller.
    func removeChildren(_ leaving: [ViewController]) {
        guard !leaving.isEmpty else { return }
        // One that moved to another parent leaves that one, as `removeFromParent()` does.
        for child in leaving where child.parent !== self { child.removeFromParent() }
        // `leaving` holds them, so no other controller can take an address meanwhile.
        let identities = Set(leaving.lazy.filter { $0.parent === self }.map(ObjectIdentifier.init))
        children.removeAll { identities.contains(ObjectIdentifier($0)) }
        for child in leaving where child.parent === self { child.parent = nil }
    }

    /// The nearest navigation controller above this controller.
    public var navigationController: NavigationController? { nearestAncestor(NavigationController.self) }

    /// The nearest tab bar controller above this controller.
    public var tabBarController: TabBarController? { nearestAncestor(TabBarController.self) }

    /// The nearest split view controller above this controller.
    public var splitViewController: SplitViewController? { nearestAncestor(SplitViewController.self) }

    /// The item a tab bar controller shows for this controller, made on first use as in UIKit;
    /// the storyboard sets it from the scene's `<tabBarItem key="tabBarItem">`.
    public var tabBarItem: TabBarItem {
        get {
            if let ownTabBarItem { return ownTabBarItem }
            let item = TabBarItem(title: title)
            ownTabBarItem = item
            return item
        }
        set { ownTabBarItem = newValue }
    }
    private var ownTabBarItem: TabBarItem?

    /// Whether a current-context presentation from this controller or a descendant covers only
    /// this controller's area (storyboard: `definesPresentationContext="YES"`).
    public var definesPresentationContext = false

    /// For a presented controller, the controller whose area it covers: the one that defines the
    /// presentation context of a current-context presentation; nil when it covers the window.
    public internal(set) weak var presentationContext: ViewController?

    /// For a presented controller, the controller whose `present` call it was, when another
    /// made the presentation (the one covering the screen, or defining the context): what the
    /// inspector names beside the presenter.
    public internal(set) weak var presentationAskedBy: ViewController?

    /// The scene's bar button items by Interface Builder id, for popovers anchored at one.
    var barButtonItemsByStoryboardID: [String: BarButtonItem] = [:]

    func barButtonItem(withStoryboardID id: String) -> BarButtonItem? { barButtonItemsByStoryboardID[id] }

    /// The style in effect when the controller was presented or last adapted, to tell what an
    /// adaptation changes; nil when it is not presented.
    var presentedInStyle: ModalPresentationStyle?

    /// The style the controller was presented in, before any adaptation: whether its presenter
    /// disappeared then, which adapting later does not change (UIKit sends no appearance calls
    /// for it). Nil when it is not presented.
    public internal(set) var styleWhenPresented: ModalPresentationStyle?

    /// Made on first use of `presentationController` (a popover's, of `popoverPresentationController`).
    private var ownPresentationController: PresentationController?

    // MARK: Presentation

    /// Presents a controller modally above this one.
    public func present(_ controller: ViewController, animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        performPresentation(of: controller, animated: animated)
        completion?()
    }

    /// Dismisses the controller this one presented, or, when it presented none, the presentation
    /// it is part of, as in UIKit.
    public func dismiss(animated: Bool, completion: (@MainActor () -> Void)? = nil) {
        performDismissal(animated: animated)
        completion?()
    }

    /// Shows a controller the way its context wants: a navigation controller pushes it,
    /// anything else presents it modally.
    open func show(_ controller: ViewController, sender: Any?) {
        if let navigation = navigationController {
            navigation.show(controller, sender: sender)
        } else {
            present(controller, animated: true)
        }
    }

    /// Shows a controller as the detail: a split view controller replaces its secondary (or
    /// pushes it onto the primary's stack when collapsed); without one, it presents modally.
    open func showDetailViewController(_ controller: ViewController, sender: Any?) {
        if let split = splitViewController {
            split.showDetailViewController(controller, sender: sender)
        } else {
            present(controller, animated: true)
        }
    }

    /// Called when the window's width class changes, and before the controller appears: a
    /// split view controller collapses or expands here. Parents hear it before their children.
    func adaptToSizeClass(_ sizeClass: UserInterfaceSizeClass) {}

    // MARK: Segues

    /// Segues of this scene by identifier: the manual ones and those of its controls.
    var segueTemplates: [String: SegueTemplate] = [:]

    /// Asked before a segue that a control triggers; returning false cancels it quietly.
    open func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool { true }

    /// Called on the source before any segue, forward or unwind, performs.
    open func prepare(for segue: StoryboardSegue, sender: Any?) {}

    // MARK: Unwinding

    /// Whether this controller wants to be the destination of an unwind action. By default: it
    /// implements the action and is not the source itself. Answer for yourself only, never for
    /// a child.
    open func canPerformUnwindSegueAction(_ action: Selector, from fromViewController: ViewController, sender: Any?) -> Bool {
        if let declared = declaredUnwindAnswers[action] { return declared }
        let answer = responds(to: action) && fromViewController !== self
        defaultUnwindAnswer = answer
        return answer
    }

    /// What this default gave while the search asked (nil when an override answered without
    /// calling it): how the trace tells an override's answer from the default's. Apple's page for
    /// `canPerformUnwindSegueAction(_:from:sender:)` has subclasses override it to choose, as
    /// its quiz sample does; a refusal so chosen is the override's, never "no such action".
    var defaultUnwindAnswer: Bool?

    /// A stand-in's declared override of `canPerformUnwindSegueAction` (`canPerform:`): its
    /// answer by action, given without asking the default, as an override's is.
    var declaredUnwindAnswers: [Selector: Bool] = [:]

    /// The delegate a stand-in's declared sheet behaviour made (`sheet:`), kept here since the
    /// presentation controller holds its delegate weakly.
    var standInSheetDelegate: AnyObject?

    /// The children searched, in order, for an unwind destination: all but the one that contains
    /// the source. Containers override it for their own order.
    open func allowedChildrenForUnwinding(from source: UnwindSegueSource) -> [ViewController] {
        let containing = childContaining(source)
        return children.filter { $0 !== containing }
    }

    /// The legacy search step of TN2298: searches the allowed children, then this controller.
    /// A container that overrides it to return a controller becomes the unwind executor, and
    /// its `segueForUnwinding(to:from:identifier:)` makes the segue.
    open func viewControllerForUnwindSegueAction(_ action: Selector, from fromViewController: ViewController, withSender sender: Any?) -> ViewController? {
        defaultViewControllerForUnwindSegueAction(action, from: fromViewController, withSender: sender)
    }

    /// The segue an unwind executor supplies for the transition: by default one that reveals
    /// the destination through its containers and dismisses what was presented above it.
    open func segueForUnwinding(to destination: ViewController, from source: ViewController, identifier: String?) -> StoryboardSegue {
        UnwindSegue(identifier: identifier, source: source, destination: destination)
    }

    /// Asked of each container between the source and the destination, to reveal the next
    /// controller towards the destination. A navigation controller pops to it.
    open func unwind(for unwindSegue: StoryboardSegue, towards subsequentViewController: ViewController) {}

    // MARK: Quitting

    /// What quitting now would cut short, as a sentence for the user ("A transfer is being
    /// sent."), or nil when nothing would. The app asks every controller in the window before
    /// it quits, and asks the user first when one answers.
    open var unfinishedWorkDescription: String? { nil }

    // MARK: Actions

    /// The action methods the storyboard may connect to, by selector. Subclasses list their
    /// `@IBAction` methods here, one line each.
    open var actions: [Selector: Action] { [:] }

    // MARK: Tracing

    /// The window this controller is in: the root's, found through parents and presenters.
    ///
    /// Each controller remembers the window it found, and a walk stops at the first controller
    /// above that remembers one: asking each of 10,000 presented controllers for its window
    /// walked 50 million links. Only a window (never "none") is remembered, since adding a
    /// controller to a hierarchy is what gives it one; anything that can take one away
    /// changes that window's `windowGeneration`, which forgets them all.
    public var window: Window? {
        var walked: [ViewController] = []
        var current: ViewController = self
        var found: Window?
        while true {
            if let window = current.installedWindow {
                found = window
                break
            }
            if let window = current.foundWindow, current.foundWindowGeneration == window.windowGeneration {
                found = window
                break
            }
            walked.append(current)
            guard let next = current.parent ?? current.presentingViewController else { return nil }
            current = next
        }
        for controller in walked {
            controller.foundWindow = found
            controller.foundWindowGeneration = found?.windowGeneration ?? -1
        }
        return found
    }

    /// The nearest ancestor of a kind, through parents only.
    func nearestAncestor<Container: ViewController>(_ type: Container.Type) -> Container? {
        var current = parent
        while let controller = current {
            if let found = controller as? Container { return found }
            current = controller.parent
        }
        return nil
    }

    func trace(_ event: NavigationEvent) {
        (window ?? lastWindow)?.emit(event)
    }
}

/// Where a controller is in its appearance life cycle.
enum AppearanceState {
    case disappeared, appearing, appeared, disappearing
}
