import Foundation
import Navigation
@testable import Storyboards
import Testing

// MARK: Views the storyboards use

/// A storyboard `<label>`: its text.
final class Label: View {
    var text: String?

    override func decode(from coder: StoryboardCoder) {
        super.decode(from: coder)
        text = coder.string("text")
    }
}

/// A storyboard `<button>`: its title, from the configuration (Xcode 13 and later) or the
/// normal state.
final class Button: View {
    var title: String?

    override func decode(from coder: StoryboardCoder) {
        super.decode(from: coder)
        title = coder.displayedTitle
    }
}

// MARK: Recording what happens

/// Listens to a window and to the test controllers: navigation events and overridden methods,
/// in one log, in the order they happened.
@MainActor
final class Recorder {
    private(set) var events: [NavigationEvent] = []
    private(set) var log: [String] = []
    /// The windows observed, kept for as long as the recorder: controllers hold theirs weakly.
    private var windows: [Window] = []

    func observe(_ window: Window) {
        windows.append(window)
        window.addObserver { [weak self] event in
            self?.events.append(event)
            self?.log.append(Self.render(event))
        }
    }

    /// A method of a test controller ran.
    func call(_ text: String) { log.append("call " + text) }

    /// Forgets what was recorded while a test built its hierarchy.
    func reset() {
        events = []
        log = []
    }

    /// The log without the life-cycle calls (events and overrides).
    var steps: [String] { log.filter { !$0.hasPrefix("life ") && !$0.hasPrefix("call view") } }

    /// The transition steps, in order.
    var transitions: [String] { log.filter { $0.hasPrefix("transition ") } }

    /// The life-cycle methods the test controllers' overrides received, in order.
    var lifeCycleCalls: [String] { log.filter { $0.hasPrefix("call view") }.map { String($0.dropFirst("call ".count)) } }

    /// The `canPerformUnwindSegueAction` questions of the last search, in order.
    var asked: [String] { log.filter { $0.hasPrefix("asked ") } }

    var programmingErrors: [String] {
        events.compactMap { if case .programmingError(let message) = $0 { message } else { nil } }
    }

    static func name(_ controller: ControllerID) -> String { controller.title ?? controller.className }

    static func name(_ segue: SegueID) -> String {
        "\(segue.kind) \(segue.identifier ?? "nil") \(name(segue.source))→\(name(segue.destination))"
    }

    static func render(_ event: NavigationEvent) -> String {
        switch event {
        case .lifeCycle(let call, let controller): "life \(call.rawValue) \(name(controller))"
        case .instantiated(let controller, _): "instantiated \(name(controller))"
        case .shouldPerformSegue(let identifier, let source, let answer): "shouldPerformSegue \(identifier) on \(name(source)) → \(answer)"
        case .segueCreated(let segue): "segueCreated \(name(segue))"
        case .prepare(let segue): "prepare \(name(segue))"
        case .perform(let segue): "perform \(name(segue))"
        case .unwindStarted(let action, let source): "unwindStarted \(action) from \(name(source))"
        case .unwindAsked(let controller, _, let answer, _): "asked \(name(controller)) \(answer)"
        case .unwindDestination(let destination, let executor): "destination \(name(destination)) executor \(name(executor))"
        case .unwindAborted(let action, let source): "aborted \(action) from \(name(source))"
        case .unwindAction(let action, let destination): "action \(action) on \(name(destination))"
        case .transition(let step): "transition " + render(step)
        case .programmingError(let message): "error \(message)"
        case .caption(let text): "caption \(text)"
        case .standInDidNothing(let controller, let action, _, _): "did nothing \(action) on \(name(controller))"
        case .pullDown(let sheet, let step): "pullDown \(name(sheet)) \(step)"
        case .presentationController(let call, let sheet, let delegate):
            "\(call.name) \(name(sheet))" + (delegate.map { " delegate \($0)" } ?? " no delegate")
                + (call == .shouldDismiss(answer: false) ? " → false" : "")
        }
    }

    static func render(_ step: TransitionStep) -> String {
        switch step {
        case .setRoot(let root): "root \(name(root))"
        case .push(let controller, let navigation): "push \(name(controller)) onto \(name(navigation))"
        case .pop(let controller, let navigation): "pop to \(name(controller)) in \(name(navigation))"
        case .present(let controller, let presenter, let asked, _):
            "present \(name(controller)) by \(name(presenter))" + (asked.map { " asked by \(name($0))" } ?? "")
        case .dismiss(let controller, let topmost): "dismiss \(name(controller)) topmost \(name(topmost))"
        case .custom(let text): "custom \(text)"
        case .selectTab(let controller, let tabBar): "select tab \(name(controller)) in \(name(tabBar))"
        case .showDetail(let controller, let split): "show detail \(name(controller)) in \(name(split))"
        case .collapse(let split): "collapse \(name(split))"
        case .expand(let split): "expand \(name(split))"
        case .adapt(let controller, let style): "adapt \(name(controller)) to \(style.rawValue)"
        case .embed(let controller, let parent): "embed \(name(controller)) in \(name(parent))"
        }
    }
}

// MARK: Test controllers

final class WeakReference<Object: AnyObject> {
    weak var object: Object?
    init(_ object: Object) { self.object = object }
}

/// A controller that records its life cycle, its unwind actions, `prepare` and
/// `shouldPerformSegue`, and implements the unwind actions it is given.
@MainActor
class Probe: ViewController {
    var recorder: Recorder?
    var implemented: Set<Selector>
    /// What `shouldPerformSegue` answers.
    var shouldPerformAnswer = true
    private(set) var received: [(action: Selector, segue: StoryboardSegue)] = []
    private(set) var prepared: [(segue: StoryboardSegue, sender: Any?)] = []
    /// Whether `prepare` keeps the segues it receives (false to see them released).
    var keepsPreparedSegues = true
    /// The segues `prepare` received, held weakly.
    private(set) var preparedWeakly: [WeakReference<StoryboardSegue>] = []
    /// For each `prepare`, whether the destination's view was loaded then.
    private(set) var destinationViewLoadedAtPrepare: [Bool] = []
    private(set) var shouldPerformAsked: [String] = []
    private(set) var unwindSeguesMade: [(destination: ViewController, source: ViewController, identifier: String?)] = []
    private(set) var lifeCycle: [String] = []

    init(_ name: String, implements: Set<Selector> = [], recorder: Recorder? = nil) {
        implemented = implements
        self.recorder = recorder
        super.init()
        title = name
    }

    /// The name the trace shows: the navigation item's title, the title, or the class.
    var name: String { navigationItem.title ?? title ?? String(describing: type(of: self)) }

    func record(_ action: Selector, _ segue: StoryboardSegue) {
        received.append((action, segue))
        recorder?.call("\(action) on \(name)")
    }

    /// Target actions (a button's, a row's), by selector: each recorded as "ACTION on NAME",
    /// then run.
    var targets: [Selector: @MainActor () -> Void] = [:]

    override var actions: [Selector: Action] {
        var table: [Selector: Action] = [:]
        for selector in implemented {
            table[selector] = .unwind { [unowned self] segue in record(selector, segue) }
        }
        for (selector, body) in targets {
            table[selector] = .target { [unowned self] _ in
                recorder?.call("\(selector) on \(name)")
                body()
            }
        }
        return table
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        shouldPerformAsked.append(identifier)
        recorder?.call("shouldPerformSegue \(identifier) on \(name)")
        return shouldPerformAnswer
    }

    override func prepare(for segue: StoryboardSegue, sender: Any?) {
        if keepsPreparedSegues { prepared.append((segue, sender)) }
        preparedWeakly.append(WeakReference(segue))
        destinationViewLoadedAtPrepare.append(segue.destination.isViewLoaded)
        recorder?.call("prepare on \(name)")
    }

    override func segueForUnwinding(to destination: ViewController, from source: ViewController, identifier: String?) -> StoryboardSegue {
        unwindSeguesMade.append((destination, source, identifier))
        return super.segueForUnwinding(to: destination, from: source, identifier: identifier)
    }

    private func lifeCycle(_ call: String) {
        lifeCycle.append(call)
        recorder?.call("\(call) \(name)")
    }

    override func viewDidLoad() { lifeCycle("viewDidLoad") }
    override func viewWillAppear(_ animated: Bool) { lifeCycle("viewWillAppear") }
    override func viewIsAppearing(_ animated: Bool) { lifeCycle("viewIsAppearing") }
    override func viewDidAppear(_ animated: Bool) { lifeCycle("viewDidAppear") }
    override func viewWillDisappear(_ animated: Bool) { lifeCycle("viewWillDisappear") }
    override func viewDidDisappear(_ animated: Bool) { lifeCycle("viewDidDisappear") }
}

/// The controller of the Unwinding.storyboard scenes that start unwinds and segues.
final class SourceViewController: Probe {
    private(set) var selections = 0

    init() {
        super.init("Source")
        targets["select:"] = { [unowned self] in selections += 1 }
    }
}

final class DetailViewController: Probe {
    @Outlet var label: Label!
    init() { super.init("Detail") }
}

/// Stack.storyboard's classes, with the unwind actions its unwind segues name.
final class FirstViewController: Probe {
    @Outlet var label: Label!
    init() { super.init("First") }
    func unwindToFirst(_ segue: StoryboardSegue) { record("unwindToFirst:", segue) }
    override var actions: [Selector: Action] { ["unwindToFirst:": .unwind(unwindToFirst)] }
}

final class SecondViewController: Probe {
    @Outlet var label: Label!
    init() { super.init("Second") }
    func unwindToSecond(_ segue: StoryboardSegue) { record("unwindToSecond:", segue) }
    override var actions: [Selector: Action] { ["unwindToSecond:": .unwind(unwindToSecond)] }
}

final class ThirdViewController: Probe {
    @Outlet var label: Label!
    init() { super.init("Third") }
}

// MARK: Storyboards

enum Fixtures {
    static func url(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: "storyboard", subdirectory: "Storyboards"),
                     "\(name).storyboard is not among the test resources")
    }

    /// An input that crashed the loader once (Storyboards/Crashers/), kept so that it cannot again.
    static func crasher(_ name: String) throws -> URL {
        try #require(Bundle.module.url(forResource: name, withExtension: "storyboard", subdirectory: "Storyboards/Crashers"),
                     "Crashers/\(name).storyboard is not among the test resources")
    }

    /// The classes every test storyboard may name.
    @MainActor
    static func classes() -> StoryboardClasses {
        let classes = StoryboardClasses()
        classes.registerView(element: "label") { Label() }
        classes.registerView(element: "button") { Button() }
        classes.register(FirstViewController.self) { FirstViewController() }
        classes.register(SecondViewController.self) { SecondViewController() }
        classes.register(ThirdViewController.self) { ThirdViewController() }
        classes.register(SourceViewController.self) { SourceViewController() }
        classes.register(DetailViewController.self) { DetailViewController() }
        // Probes implement the unwind actions each test gives them, not a fixed list.
        classes.checksUnwindActions = false
        return classes
    }

    @MainActor
    static func load(_ name: String, classes: StoryboardClasses? = nil) throws -> Storyboard {
        try Storyboard(contentsOfFile: url(name).path, name: "\(name).storyboard", classes: classes ?? Self.classes())
    }

    /// The errors loading a storyboard throws; fails the test when it loads.
    @MainActor
    static func errors(loading name: String, classes: StoryboardClasses? = nil) throws -> [StoryboardDiagnostic] {
        let url = try url(name)
        do {
            _ = try Storyboard(contentsOfFile: url.path, name: "\(name).storyboard", classes: classes ?? Self.classes())
        } catch {
            return error.errors
        }
        Issue.record("\(name).storyboard loaded, but it has a defect")
        return []
    }

    /// A fresh controller of Unwinding.storyboard's "source" scene, named for the trace.
    @MainActor
    static func source(_ name: String = "S", implements: Set<Selector> = [], recorder: Recorder? = nil) throws -> SourceViewController {
        let storyboard = try load("Unwinding")
        let controller = try #require(storyboard.instantiateViewController(withIdentifier: "source") as? SourceViewController)
        controller.title = name
        controller.implemented = implements
        controller.recorder = recorder
        return controller
    }
}

// MARK: Building hierarchies

/// A navigation controller with this stack, named for the trace.
@MainActor
func navigation(_ name: String, _ controllers: [ViewController]) -> NavigationController {
    let navigation = NavigationController()
    navigation.title = name
    navigation.setViewControllers(controllers, animated: false)
    return navigation
}

/// A window showing `root`, observed by `recorder` from now on.
@MainActor
func window(showing root: ViewController, recorder: Recorder) -> Window {
    let window = Window()
    window.rootViewController = root
    window.makeKeyAndVisible()
    recorder.observe(window)
    return window
}

/// The button with this title in a controller's view.
@MainActor
func button(_ title: String, in controller: ViewController) throws -> Button {
    try #require(controller.view.allViews.compactMap { $0 as? Button }.first { $0.title == title },
                 "no button \"\(title)\" in \(type(of: controller))'s view")
}

/// The wallet sample's shape, on plain test controllers: nav1 [Wallet] on screen, having
/// presented nav2 [Contacts] (and Amount pushed on it, when asked). The recorder starts empty.
struct WalletShapedHierarchy {
    let recorder: Recorder
    let window: Window
    let wallet: WalletLikeViewController
    let nav1: NavigationController
    let nav2: NavigationController
    let contacts: SourceViewController
    let amount: SourceViewController?

    @MainActor
    init(pushingAmount: Bool) throws {
        recorder = Recorder()
        wallet = WalletLikeViewController(recorder: recorder)
        nav1 = navigation("nav1", [wallet])
        window = NavigationTests.window(showing: nav1, recorder: recorder)
        let storyboard = try Fixtures.load("Unwinding")
        contacts = try #require(storyboard.instantiateViewController(withIdentifier: "contacts") as? SourceViewController)
        contacts.title = "Contacts"
        contacts.recorder = recorder
        nav2 = navigation("nav2", [contacts])
        wallet.present(nav2, animated: true)
        if pushingAmount {
            let controller = try Fixtures.source("Amount", recorder: recorder)
            nav2.pushViewController(controller, animated: true)
            amount = controller
        } else {
            amount = nil
        }
        recorder.reset()
    }
}

/// nav1 [A, B]; B presents S; S unwinds to A: a pop under the modal, then its dismissal.
@MainActor
func popUnderModal() throws -> (recorder: Recorder, window: Window, a: Probe, b: Probe, nav1: NavigationController, source: SourceViewController) {
    let recorder = Recorder()
    let a = Probe("A", implements: ["x:"], recorder: recorder)
    let b = Probe("B", recorder: recorder)
    let nav1 = navigation("nav1", [a, b])
    let window = window(showing: nav1, recorder: recorder)
    let source = try Fixtures.source("S", recorder: recorder)
    // Full screen: the pop under it is out of sight (a sheet would leave the stack in view).
    source.modalPresentationStyle = .fullScreen
    b.present(source, animated: false)
    recorder.reset()
    return (recorder, window, a, b, nav1, source)
}
