/// A controller as the trace names it: its class, its title, and its identity.
public struct ControllerID: Hashable, Sendable, CustomStringConvertible {
    /// The controller's address when the event happened; a later controller may get it again.
    public let id: ObjectIdentifier
    /// Which controller it is: traces outlive controllers, and two controllers made one after
    /// the other at one address must not read as the same.
    public let instance: ControllerInstance
    public let className: String
    /// The controller's class, for code that tells kinds of controller apart (an alert is not
    /// animated): the class itself, never its name, which two modules may share.
    public let type: ObjectIdentifier
    public let title: String?

    /// For an untitled navigation controller, its root's title, so two stacks read apart.
    public let rootTitle: String?
    /// For a stand-in whose class other scenes share, its scene's Storyboard ID or Interface
    /// Builder id: an untitled one reads `ViewController #q1`, as `CLASS#SCENE` declares it.
    public let scene: String?

    @MainActor
    public init(_ controller: ViewController) {
        id = ObjectIdentifier(controller)
        instance = controller.instance
        className = controller.className
        type = ObjectIdentifier(Swift.type(of: controller))
        title = controller.navigationItem.title ?? controller.title
        let root = (controller as? NavigationController)?.viewControllers.first
        rootTitle = root.flatMap { $0.navigationItem.title ?? $0.title }
        scene = (controller as? any StandIn)?.standingInFor.scene
    }

    public var description: String {
        if let title, !title.isEmpty { return "\(className) \"\(title)\"" }
        if let rootTitle, !rootTitle.isEmpty { return "\(className) (root \"\(rootTitle)\")" }
        if let scene { return "\(className) #\(scene)" }
        return className
    }
}

/// A controller's identity in traces. Each controller has its own, and keeps it alive while
/// any trace names it, so no later controller has it (an address is reused once its
/// controller is gone).
public struct ControllerInstance: Hashable, Sendable {
    private final class Token: Sendable {}
    private let token = Token()

    public static func == (lhs: Self, rhs: Self) -> Bool { lhs.token === rhs.token }
    public func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(token)) }
}

/// The segue a trace step is about.
public struct SegueID: Hashable, Sendable, CustomStringConvertible {
    public let kind: String
    /// The segue's class, which a custom transition is registered for.
    public let type: ObjectIdentifier
    public let identifier: String?
    public let source: ControllerID
    public let destination: ControllerID

    @MainActor
    init(_ segue: StoryboardSegue) {
        kind = typeName(Swift.type(of: segue))
        type = ObjectIdentifier(Swift.type(of: segue))
        identifier = segue.identifier
        source = ControllerID(segue.source)
        destination = ControllerID(segue.destination)
    }

    public var description: String {
        "\(kind)\(identifier.map { " \"\($0)\"" } ?? "") \(source) → \(destination)"
    }
}

/// A life-cycle method the engine called.
public enum LifeCycleCall: String, Sendable {
    case viewDidLoad, viewWillAppear, viewIsAppearing, viewDidAppear, viewWillDisappear, viewDidDisappear
}

/// One part of a transition.
public enum TransitionStep: Hashable, Sendable, CustomStringConvertible {
    case setRoot(ControllerID)
    case push(ControllerID, onto: ControllerID)
    case pop(to: ControllerID, in: ControllerID)
    /// `controller` presented by `presenter`; `askedBy`, the controller whose `present` call it
    /// was when that is not the presenter (UIKit forwards a presentation to the controller that
    /// covers the screen, or to the one that defines a current context).
    /// `style`: the style as the window's iOS resolved it ("form sheet" on iOS 18).
    case present(ControllerID, by: ControllerID, askedBy: ControllerID? = nil, style: ModalPresentationStyle = .fullScreen)
    /// Everything from `controller` up is dismissed in one step; only the topmost animates.
    case dismiss(ControllerID, topmost: ControllerID)
    case custom(String)
    /// A tab bar controller switched to the tab of `controller`.
    case selectTab(ControllerID, in: ControllerID)
    /// A split view controller replaced its secondary with `controller` (Show Detail).
    case showDetail(ControllerID, in: ControllerID)
    /// A split view controller collapsed: its secondary went onto the primary's stack.
    case collapse(ControllerID)
    /// A split view controller expanded: primary and secondary side by side again.
    case expand(ControllerID)
    /// A presented controller's style in effect changed with the window's width (a popover
    /// shown full screen in a compact width, and back).
    case adapt(ControllerID, to: ModalPresentationStyle)
    /// An embed segue put `controller` in a container view of `parent`.
    case embed(ControllerID, in: ControllerID)

    public var description: String {
        switch self {
        case .setRoot(let c): return "root \(c)"
        case .push(let c, let nav): return "push \(c) onto \(nav)"
        case .pop(let c, let nav): return "pop to \(c) in \(nav)"
        case .present(let c, let by, let asked, let style):
            return "present \(c) by \(by)" + (asked.map { ", asked by \($0)" } ?? "") + " as \(style.displayName)"
        case .dismiss(let c, let top): return c == top ? "dismiss \(c)" : "dismiss \(c) and above (animating \(top))"
        case .custom(let text): return text
        case .selectTab(let c, let tabs): return "select tab \(c) in \(tabs)"
        case .showDetail(let c, let split): return "show detail \(c) in \(split)"
        case .collapse(let split): return "collapse \(split)"
        case .expand(let split): return "expand \(split)"
        case .adapt(let c, let style): return "adapt \(c) to \(style.displayName)"
        case .embed(let c, let parent): return "embed \(c) in \(parent)"
        }
    }
}

/// A call UIKit makes to a presentation controller's delegate when the user pulls a sheet down.
public enum PresentationControllerCall: Hashable, Sendable, CustomStringConvertible {
    case shouldDismiss(answer: Bool)
    case willDismiss, didDismiss, didAttemptToDismiss

    /// The delegate method's name.
    public var name: String {
        switch self {
        case .shouldDismiss: "presentationControllerShouldDismiss"
        case .willDismiss: "presentationControllerWillDismiss"
        case .didDismiss: "presentationControllerDidDismiss"
        case .didAttemptToDismiss: "presentationControllerDidAttemptToDismiss"
        }
    }

    public var description: String {
        if case .shouldDismiss(let answer) = self { return "\(name) → \(answer)" }
        return name
    }
}

/// What became of the user's pull-down of a sheet.
public enum PullDownStep: Hashable, Sendable {
    /// The sheet follows the finger (or the key): its controllers get `viewWillDisappear`.
    case began
    /// Let go before a third of the card: the sheet springs back and appears again.
    case sprangBack
    /// Refused before it moved: `isModalInPresentation` (true) or the delegate's answer (false).
    case refused(byModalInPresentation: Bool)
    /// Dismissed. No segue, no `prepare` and no unwind ran: `unwindActionsNotCalled` are the
    /// unwind actions the sheet's own buttons would have sent (Cancel's `cancel:`).
    case dismissed(unwindActionsNotCalled: [Selector])
}

/// Why a controller asked during an unwind's search answered as it did.
public enum UnwindAnswerReason: String, Hashable, Sendable, CustomStringConvertible {
    /// It implements the action and is not the source: the default yes.
    case implementsAction
    /// It implements the action but started the unwind: the default no.
    case isSource
    /// It does not implement the action: the default no.
    case noSuchAction
    /// Its own `canPerformUnwindSegueAction` answered: without asking the default, or otherwise
    /// than the default would.
    case overridden

    /// The reason as the inspector and the trace say it, for `action` answered with `answer`:
    /// an override's refusal says so ("its canPerformUnwindSegueAction returns false"), never
    /// "no such action", which would send the room looking for a missing method.
    public func explanation(for action: Selector, answer: Bool) -> String {
        switch self {
        case .implementsAction: return "implements \(action)"
        case .isSource: return "is the source"
        case .noSuchAction: return "no such action"
        case .overridden: return "its canPerformUnwindSegueAction returns \(answer)"
        }
    }

    public var description: String { rawValue }
}

/// Every step of a segue and of an unwind, in order. Observers of a `Window` receive them:
/// the tests read them now, and a workshop inspector can show them live.
public enum NavigationEvent: Hashable, Sendable, CustomStringConvertible {
    case lifeCycle(LifeCycleCall, ControllerID)
    case instantiated(ControllerID, scene: String)
    case shouldPerformSegue(identifier: String, source: ControllerID, answer: Bool)
    case segueCreated(SegueID)
    case prepare(SegueID)
    case perform(SegueID)
    case unwindStarted(action: Selector, source: ControllerID)
    /// `canPerformUnwindSegueAction(_:from:sender:)` was asked of a controller during the search.
    case unwindAsked(ControllerID, action: Selector, answer: Bool, reason: UnwindAnswerReason)
    case unwindDestination(ControllerID, executor: ControllerID)
    case unwindAborted(action: Selector, source: ControllerID)
    case unwindAction(Selector, destination: ControllerID)
    case transition(TransitionStep)
    /// The user pulled a sheet down (a key, or a drag of its grabber).
    case pullDown(ControllerID, PullDownStep)
    /// UIKit called the presentation controller's delegate of `presented`: `delegate` names it,
    /// nil when there is none (the call then reaches nobody, which the room should see too).
    case presentationController(PresentationControllerCall, presented: ControllerID, delegate: String?)
    /// A mistake in the app or its storyboard that UIKit would throw for; the app shows it.
    /// A caption a presenter's script shows the room: in the trace, where it was said.
    case caption(String)
    case programmingError(String)
    /// A control sent an action to a stand-in whose code is not here (`wallet storyboard run`),
    /// and nothing was declared for it: it did nothing. `key` declares something of the scene;
    /// `segues` are what the scene could perform.
    case standInDidNothing(ControllerID, action: Selector, key: StandInBehaviours.Key, segues: [String])

    /// The action a stand-in names when a row's selection did nothing: the table delegate's
    /// method whose code is not here.
    public static let rowSelection: Selector = "tableView(_:didSelectRowAt:)"

    /// `--performs 'KEY.ACTION=SEGUE'` (for a row's selection, `--selects 'KEY=SEGUE'`) for the
    /// first segue, ` (or =OTHER, …)` for the rest; or that the scene has no segue to perform.
    public static func performsAdvice(key: StandInBehaviours.Key, action: Selector, segues: [String]) -> String {
        guard let first = segues.first else { return "its scene has no segue with an identifier to perform" }
        let others = segues.dropFirst().map { "=\($0)" }
        let flag = action == rowSelection ? "--selects '\(key)=\(first)'" : "--performs '\(key).\(action)=\(first)'"
        return flag + (others.isEmpty ? "" : " (or \(others.joined(separator: ", ")))")
    }

    /// "a", "a and b", "a, b and c".
    public static func list(_ items: [String]) -> String {
        guard items.count > 1 else { return items.first ?? "" }
        return items.dropLast().joined(separator: ", ") + " and " + items.last!
    }

    public var description: String {
        switch self {
        case .lifeCycle(let call, let c): return "\(call.rawValue) \(c)"
        case .instantiated(let c, let scene): return "instantiate \(c) from scene \(scene)"
        case .shouldPerformSegue(let id, let source, let answer): return "shouldPerformSegue \"\(id)\" on \(source) → \(answer)"
        case .segueCreated(let s): return "segue \(s)"
        case .prepare(let s): return "prepare(for: \(s))"
        case .perform(let s): return "perform \(s)"
        case .unwindStarted(let action, let source): return "unwind \(action) from \(source)"
        case .unwindAsked(let c, let action, let answer, let reason):
            return "  ask \(c) canPerformUnwindSegueAction(\(action)) → \(answer) (\(reason.explanation(for: action, answer: answer)))"
        case .unwindDestination(let c, let executor): return "destination \(c), executor \(executor)"
        case .unwindAborted(let action, let source): return "unwind \(action) from \(source) aborted: no controller accepts it"
        case .unwindAction(let action, let c): return "\(c).\(action.name.dropLast())(_:)"
        case .transition(let step): return "transition: \(step)"
        case .pullDown(let c, let step):
            switch step {
            case .began: return "pull-down of \(c) began"
            case .sprangBack: return "pull-down of \(c) let go: the sheet springs back"
            case .refused(let modal):
                return "pull-down of \(c) refused: " + (modal ? "isModalInPresentation is true" : "presentationControllerShouldDismiss returned false")
            case .dismissed(let actions):
                let notCalled = actions.isEmpty ? "" : "; " + Self.list(actions.map(\.name)) + (actions.count == 1 ? " was" : " were") + " not called"
                return "pull-down dismissed \(c): no unwind ran" + notCalled
            }
        case .presentationController(let call, let presented, let delegate):
            return "\(call) for \(presented), " + (delegate.map { "delegate \($0)" } ?? "no delegate: nobody hears it")
        case .caption(let text): return "caption: \(text.escapedForMessage)"
        case .programmingError(let message): return "error: \(message)"
        case .standInDidNothing(let c, let action, let key, let segues):
            return "\(action) did nothing on \(c): its code is not here; "
                + (segues.isEmpty ? Self.performsAdvice(key: key, action: action, segues: segues)
                    : "to perform a segue, declare \(Self.performsAdvice(key: key, action: action, segues: segues))")
        }
    }
}
