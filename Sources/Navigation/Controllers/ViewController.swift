/// A screen's controller, as `UIViewController`: a view loaded from the storyboard, a life
/// cycle, a place in the hierarchy of containers and presentations, segues, and its part in
/// unwinding.
///
/// Every method a subclass may override is declared here; what they do is spelled out in the
/// files beside this one (appearance, presentation, segues, unwind).
@MainActor
open class ViewController: ActionTarget {
    public init() {
        Self.made += 1
        instanceNumber = Self.made
    }

    /// Controllers made so far, to number each one for traces.
    private static var made = 0
    /// This controller's number, in the order controllers were made; traces tell controllers
    /// apart by it, since an address is reused once its controller is gone.
    let instanceNumber: Int

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

    // MARK: View

    private var loadedView: View?
    /// Builds the view tree from the storyboard scene; set by the storyboard.
    var viewFactory: (@MainActor (ViewController) -> View)?

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
        trace(.lifeCycle(.viewDidLoad, ControllerID(self)))
        viewDidLoad()
    }

    open func viewDidLoad() {}
    open func viewWillAppear(_ animated: Bool) {}
    open func viewDidAppear(_ animated: Bool) {}
    open func viewWillDisappear(_ animated: Bool) {}
    open func viewDidDisappear(_ animated: Bool) {}

    var appearance = AppearanceState.disappeared

    /// The children that appear and disappear with this controller: all of them by default, the
    /// top of the stack for a navigation controller.
    open var childrenForAppearance: [ViewController] { children }

    // MARK: Hierarchy

    public internal(set) weak var parent: ViewController?
    public internal(set) var children: [ViewController] = []
    public internal(set) weak var presentingViewController: ViewController?
    public internal(set) var presentedViewController: ViewController?
    /// How `present` shows this controller. Full screen, as in iOS 12, by default: the
    /// presenter disappears, which the wallet relies on to refresh its balance.
    public var modalPresentationStyle = ModalPresentationStyle.fullScreen
    /// The window, when this controller is the window's root.
    weak var installedWindow: Window?
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

    /// The nearest navigation controller above this controller.
    public var navigationController: NavigationController? {
        var current = parent
        while let controller = current {
            if let navigation = controller as? NavigationController { return navigation }
            current = controller.parent
        }
        return nil
    }

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
        responds(to: action) && fromViewController !== self
    }

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
    public var window: Window? {
        var current: ViewController = self
        while true {
            if let window = current.installedWindow { return window }
            guard let next = current.parent ?? current.presentingViewController else { return nil }
            current = next
        }
    }

    func trace(_ event: NavigationEvent) {
        (window ?? lastWindow)?.emit(event)
    }
}

/// Where a controller is in its appearance life cycle.
enum AppearanceState {
    case disappeared, appearing, appeared, disappearing
}

/// How a presented controller covers its presenter.
public enum ModalPresentationStyle: String, Sendable {
    /// Covers the screen; the presenter disappears.
    case fullScreen
    /// Drawn over the screen; the presenter stays, visible underneath (alerts).
    case overFullScreen
    case pageSheet, formSheet, automatic

    /// Whether the presenter gets `viewWillDisappear` when this style presents over it.
    var removesPresenter: Bool {
        switch self {
        case .overFullScreen: return false
        case .fullScreen, .pageSheet, .formSheet, .automatic: return true
        }
    }
}
