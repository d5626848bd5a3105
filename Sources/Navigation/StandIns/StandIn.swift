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
}

/// A controller made for a scene whose class the app does not have (`wallet storyboard run`):
/// one of the engine's own kinds, drawn from the storyboard alone, that implements the unwind
/// actions declared for it and ignores the other actions its controls send.
@MainActor
public protocol StandIn: ViewController {
    var standingInFor: StandInDescription { get }
}

extension StandIn {
    /// The actions a stand-in lists: every one declared for it, each doing nothing but being
    /// there, which is all an unwind's destination search asks.
    public var standInActions: [Selector: Action] {
        var actions: [Selector: Action] = [:]
        for selector in standingInFor.targetActions { actions[selector] = .target { _ in } }
        for selector in standingInFor.unwindActions { actions[selector] = .unwind { _ in } }
        return actions
    }
}

/// A stand-in for a plain view controller's subclass.
open class StandInViewController: ViewController, StandIn {
    public let standingInFor: StandInDescription
    public init(standingInFor description: StandInDescription) {
        standingInFor = description
        super.init()
    }
    open override var actions: [Selector: Action] { standInActions }
}

/// A stand-in for a navigation controller's subclass.
public final class StandInNavigationController: NavigationController, StandIn {
    public let standingInFor: StandInDescription
    public init(standingInFor description: StandInDescription) {
        standingInFor = description
        super.init()
    }
    public override var actions: [Selector: Action] { standInActions }
}

/// A stand-in for a tab bar controller's subclass.
public final class StandInTabBarController: TabBarController, StandIn {
    public let standingInFor: StandInDescription
    public init(standingInFor description: StandInDescription) {
        standingInFor = description
        super.init()
    }
    public override var actions: [Selector: Action] { standInActions }
}

/// A stand-in for a split view controller's subclass.
public final class StandInSplitViewController: SplitViewController, StandIn {
    public let standingInFor: StandInDescription
    public init(standingInFor description: StandInDescription) {
        standingInFor = description
        super.init()
    }
    public override var actions: [Selector: Action] { standInActions }
}
