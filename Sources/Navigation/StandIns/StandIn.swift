/// What a stand-in stands in for: a scene's class the app does not have, read from the
/// storyboard alone, and the unwind actions declared for it.
public struct StandInDescription: Sendable {
    /// The class the storyboard names (`customClass`, without a module), or the engine's class
    /// for the scene's element when it names none.
    public let className: String
    /// The unwind actions the stand-in implements: those of the scene's `unwindActions` runtime
    /// attribute and of `--implements CLASS=…`, in that order, each once.
    public let unwindActions: [Selector]
    /// The actions the scene's controls send (a button's `next:`), which a stand-in accepts and
    /// ignores: the code that would have run is not there.
    public let targetActions: [Selector]
    /// The reuse identifiers of the prototype cells of the scene's table, in the order of the
    /// file; empty when the scene's view is not a table with prototypes.
    public let prototypeReuseIdentifiers: [String]
    /// The scene controller's outlets, each with the ids of the elements it holds (one, or for an
    /// outlet collection each in the order of the file): what declared behaviours change.
    public let outlets: [String: [String]]
    /// What the class's code would have done, as declared (`--behaviours`, `--performs`…).
    public let behaviours: StandInBehaviours.ClassBehaviours
    /// The identifiers of the scene's segues that code could perform (`performSegue`), in the
    /// order of the file: what an action that does nothing is told it could do.
    public let performableSegues: [String]
    /// The scene's Storyboard ID, else its Interface Builder id, when other scenes share its
    /// class: the `CLASS#SCENE` that declares something of this scene alone.
    public let scene: String?

    public init(className: String, unwindActions: [Selector], targetActions: [Selector], prototypeReuseIdentifiers: [String],
                outlets: [String: [String]] = [:], behaviours: StandInBehaviours.ClassBehaviours = .init(),
                performableSegues: [String] = [], scene: String? = nil) {
        self.className = className
        self.unwindActions = unwindActions
        self.targetActions = targetActions
        self.prototypeReuseIdentifiers = prototypeReuseIdentifiers
        self.outlets = outlets
        self.behaviours = behaviours
        self.performableSegues = performableSegues
        self.scene = scene
    }

    /// What declares something of this scene: `CLASS`, or `CLASS#SCENE` when other scenes share
    /// the class.
    public var declarationKey: StandInBehaviours.Key { StandInBehaviours.Key(className: className, scene: scene) }
}

/// A controller made for a scene whose class the app does not have (`wallet storyboard run`):
/// one of the engine's own kinds, drawn from the storyboard alone, that implements the unwind
/// actions declared for it and ignores the other actions its controls send.
@MainActor
public protocol StandIn: ViewController {
    var standingInFor: StandInDescription { get }
    /// Outlet changes said before the view loaded (by the source's `prepare(for:sender:)`), made
    /// when it loads.
    var pendingOutletChanges: [OutletChange] { get set }
    /// Whether the segue declared for its appearance (`appears:`) has been performed.
    var hasPerformedAppearsSegue: Bool { get set }
}

extension StandIn {
    /// The actions a stand-in lists: every one declared for it, each doing nothing but being
    /// there (which is all an unwind's destination search asks) unless its behaviour is declared:
    /// an action that performs a segue performs it, with the control as its sender; an unwind
    /// action that changes outlets changes them when the unwind reaches it.
    public var standInActions: [Selector: Action] {
        var actions: [Selector: Action] = [:]
        let behaviours = standingInFor.behaviours
        // An action whose code is not here does nothing, and says so (issue 33, defect 4).
        for selector in standingInFor.targetActions {
            actions[selector] = .target { [weak self] _ in self?.reportDidNothing(for: selector) }
        }
        for (selector, identifier) in behaviours.performs {
            actions[selector] = .target { [weak self] sender in self?.performSegue(withIdentifier: identifier.value, sender: sender) }
        }
        for selector in standingInFor.unwindActions {
            let changes = behaviours.unwinds[selector]?.value ?? []
            actions[selector] = .unwind { [weak self] _ in self?.changeOutlets(changes) }
        }
        return actions
    }

    /// Makes the changes now if the view has loaded, else when it loads.
    public func changeOutlets(_ changes: [OutletChange]) {
        guard isViewLoaded else {
            pendingOutletChanges += changes
            return
        }
        for change in changes {
            let ids = standingInFor.outlets[change.outlet] ?? []
            for view in view.allViews where view.storyboardID.map(ids.contains) == true {
                _ = view.setValue(change.value, forKey: change.property)
            }
        }
    }

    /// Says, in the trace (and the app's status line), that `action` did nothing: the code that
    /// would have run is not here, and nothing was declared for it.
    public func reportDidNothing(for action: Selector) {
        trace(.standInDidNothing(ControllerID(self), action: action, key: standingInFor.declarationKey, segues: standingInFor.performableSegues))
    }

    /// What `viewDidAppear` does: the first time, the segue declared for the scene's
    /// appearance, with the controller as sender, as code in `viewDidLoad` or `viewDidAppear`
    /// that performs it once.
    public func performAppearsSegueOnce() {
        guard !hasPerformedAppearsSegue, let identifier = standingInFor.behaviours.appears?.value else { return }
        hasPerformedAppearsSegue = true
        performSegue(withIdentifier: identifier, sender: self)
    }

    /// What `viewDidLoad` does: the changes said before the view loaded, and the scene's
    /// `isModalInPresentation` (`sheet: {modalInPresentation: true}`).
    public func standInViewDidLoad() {
        let changes = pendingOutletChanges
        pendingOutletChanges = []
        changeOutlets(changes)
        if let sheet = standingInFor.behaviours.sheet?.value { isModalInPresentation = sheet.isModalInPresentation }
    }

    /// What `viewDidAppear` does: makes itself the delegate of the presentation controller of the
    /// sheet it is shown in when its code was declared to answer one (`sheet:`), once it is in
    /// the hierarchy (the sheet's, not one of its own), and performs the segue declared for its
    /// appearance, once.
    public func standInViewDidAppear() {
        if let sheet = standingInFor.behaviours.sheet?.value {
            let delegate = standInSheetDelegate as? StandInSheetDelegate ?? StandInSheetDelegate(sheet: sheet, owner: self)
            standInSheetDelegate = delegate
            presentationController?.delegate = delegate
        }
        performAppearsSegueOnce()
    }

    /// What `prepare(for:sender:)` does: the changes declared for the segue, made in the
    /// destination, or in the first controller it contains that has the outlets they name (the
    /// root of a navigation controller, as code reaching through `topViewController` does).
    public func prepareStandIn(for segue: StoryboardSegue) {
        guard let identifier = segue.identifier, let changes = standingInFor.behaviours.prepares[identifier]?.value else { return }
        var candidates = [segue.destination]
        while !candidates.isEmpty {
            let controller = candidates.removeFirst()
            if let standIn = controller as? any StandIn, changes.allSatisfy({ standIn.standingInFor.outlets[$0.outlet] != nil }) {
                standIn.changeOutlets(changes)
                return
            }
            candidates += controller.children
        }
    }
}

/// A stand-in for a plain view controller's subclass.
open class StandInViewController: ViewController, StandIn {
    public let standingInFor: StandInDescription
    public init(standingInFor description: StandInDescription) {
        standingInFor = description
        super.init()
    }
    public var pendingOutletChanges: [OutletChange] = []
    public var hasPerformedAppearsSegue = false
    open override var actions: [Selector: Action] { standInActions }
    open override func viewDidLoad() { standInViewDidLoad() }
    open override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        standInViewDidAppear()
    }
    open override func prepare(for segue: StoryboardSegue, sender: Any?) { prepareStandIn(for: segue) }
    /// A custom container's, when its behaviours declare the classes of the children an
    /// unwind searches (`allowedChildrenForUnwinding:`); else UIKit's default.
    open override func allowedChildrenForUnwinding(from source: UnwindSegueSource) -> [ViewController] {
        guard let classes = standingInFor.behaviours.allowedChildrenForUnwinding?.value else {
            return super.allowedChildrenForUnwinding(from: source)
        }
        let searched = super.allowedChildrenForUnwinding(from: source)
        var seen: Set<String> = []
        return classes.filter { seen.insert($0).inserted }.flatMap { name in searched.filter { $0.className == name } }
    }
}

/// A stand-in for a navigation controller's subclass.
public final class StandInNavigationController: NavigationController, StandIn {
    public let standingInFor: StandInDescription
    public init(standingInFor description: StandInDescription) {
        standingInFor = description
        super.init()
    }
    public var pendingOutletChanges: [OutletChange] = []
    public var hasPerformedAppearsSegue = false
    public override var actions: [Selector: Action] { standInActions }
    public override func viewDidLoad() {
        super.viewDidLoad()
        standInViewDidLoad()
    }
    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        standInViewDidAppear()
    }
    public override func prepare(for segue: StoryboardSegue, sender: Any?) { prepareStandIn(for: segue) }
}

/// A stand-in for a tab bar controller's subclass.
public final class StandInTabBarController: TabBarController, StandIn {
    public let standingInFor: StandInDescription
    public init(standingInFor description: StandInDescription) {
        standingInFor = description
        super.init()
    }
    public var pendingOutletChanges: [OutletChange] = []
    public var hasPerformedAppearsSegue = false
    public override var actions: [Selector: Action] { standInActions }
    public override func viewDidLoad() {
        super.viewDidLoad()
        standInViewDidLoad()
    }
    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        standInViewDidAppear()
    }
    public override func prepare(for segue: StoryboardSegue, sender: Any?) { prepareStandIn(for: segue) }
}

/// A stand-in for a page view controller's subclass: its pages are the scenes its behaviours
/// declare (`pages:`, by Storyboard ID), since a storyboard gives a page view controller none;
/// it shows the first when its view loads.
public final class StandInPageViewController: PageViewController, StandIn {
    public let standingInFor: StandInDescription
    public var pendingOutletChanges: [OutletChange] = []
    public var hasPerformedAppearsSegue = false
    public init(standingInFor description: StandInDescription) {
        standingInFor = description
        super.init()
    }
    public override var actions: [Selector: Action] { standInActions }
    public override func viewDidLoad() {
        super.viewDidLoad()
        pages = (standingInFor.behaviours.pages?.value ?? []).compactMap { storyboard?.instantiateViewController(withIdentifier: $0) }
        if let first = pages.first { setViewControllers([first], animated: false) }
        standInViewDidLoad()
    }
    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        standInViewDidAppear()
    }
    public override func prepare(for segue: StoryboardSegue, sender: Any?) { prepareStandIn(for: segue) }
}

/// A stand-in for a split view controller's subclass.
public final class StandInSplitViewController: SplitViewController, StandIn {
    public let standingInFor: StandInDescription
    public init(standingInFor description: StandInDescription) {
        standingInFor = description
        super.init()
    }
    public var pendingOutletChanges: [OutletChange] = []
    public var hasPerformedAppearsSegue = false
    public override var actions: [Selector: Action] { standInActions }
    public override func viewDidLoad() {
        super.viewDidLoad()
        standInViewDidLoad()
    }
    public override func viewDidAppear(_ animated: Bool) {
        super.viewDidAppear(animated)
        standInViewDidAppear()
    }
    public override func prepare(for segue: StoryboardSegue, sender: Any?) { prepareStandIn(for: segue) }
}

/// A stand-in's presentation controller delegate, doing what its scene's code was declared to do
/// when the user pulls its sheet down (`sheet:` in a behaviours file): answer
/// `presentationControllerShouldDismiss`, and on an attempt or a dismissal perform a segue or
/// present an alert ("Discard changes?" whose destructive button dismisses the sheet in code).
@MainActor
final class StandInSheetDelegate: AdaptivePresentationControllerDelegate {
    let sheet: StandInBehaviours.SheetBehaviour
    private weak var owner: ViewController?

    init(sheet: StandInBehaviours.SheetBehaviour, owner: ViewController) {
        self.sheet = sheet
        self.owner = owner
    }

    func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool { sheet.shouldDismiss }

    func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {
        react(sheet.didAttemptToDismiss, presentationController)
    }

    func presentationControllerDidDismiss(_ presentationController: PresentationController) {
        react(sheet.didDismiss, presentationController)
    }

    private func react(_ reaction: StandInBehaviours.SheetBehaviour.Reaction?, _ presentationController: PresentationController) {
        guard let owner, let reaction else { return }
        switch reaction {
        case .perform(let identifier):
            owner.performSegue(withIdentifier: identifier, sender: owner)
        case .alert(let title):
            guard let makeAlert = owner.storyboard?.classes.standIns?.makeAlert else { return }
            let sheet = presentationController.presentedViewController
            let alert = makeAlert(title) { [weak sheet] in sheet?.dismiss(animated: true) }
            (owner.presentedViewController == nil ? owner : owner.presentationLevelRoot).present(alert, animated: true)
        }
    }
}
