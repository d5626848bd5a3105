/// What the next step of a segue's process will do, said before it runs.
///
/// A forward segue's steps: `shouldPerform` (control-triggered segues only), `instantiate`,
/// `prepare`, `perform`. An unwind's: `shouldPerform` (control-triggered only), one `ask` for
/// each level of the destination search, `prepare`, `unwindAction`, then the transition: for a
/// segue of the engine's own `UnwindSegue` class one `reveal` for each container on the path
/// from the window's side down to the destination, then one `dismiss` when presentations cover
/// the destination; for any other segue class one `perform`.
public enum SegueStep: Hashable, Sendable, CustomStringConvertible {
    /// `shouldPerformSegue(withIdentifier:sender:)` on the source: control-triggered forward or
    /// unwind segues only (rules 9, 10 and 18). Its `shouldPerformSegue` event comes out of it;
    /// when the answer is no, the process ends there, aborted.
    case shouldPerform(identifier: String, source: ControllerID)
    /// Forward: the destination is made from its scene. Its `instantiated` and `segueCreated`
    /// events come out of it (the segue is made as soon as the destination exists).
    /// `described`: what the scene makes, as the room reads it (`ViewController "Page 2"`).
    case instantiate(scene: String, described: String)
    /// Unwind: one level of the destination search (rules 1 and 2): this controller, its allowed
    /// children first, depth first. The recursion inside the level runs within this one step, so
    /// the search's `unwindAsked` events for the level and its children come out of it. The
    /// first `ask` also emits `unwindStarted`; the one that finds the destination emits
    /// `unwindDestination` and `segueCreated` (the executor makes the segue then); the last one,
    /// when nobody accepts, `unwindAborted`.
    case ask(ControllerID)
    /// `prepare(for:sender:)` on the source; emits `prepare`.
    case prepare(SegueID)
    /// The destination's unwind action, with the segue; emits `unwindAction`.
    case unwindAction(Selector, destination: ControllerID)
    /// A forward segue's `perform()`, or the whole `perform()` of an unwind segue the engine
    /// cannot split (a custom class, the legacy executor's segue of rule 13, or an `UnwindSegue`
    /// with nothing to reveal or dismiss); emits `perform` and the transition's events.
    case perform(SegueID)
    /// Unwind: the container (second) on the path to the destination is asked to show the next
    /// controller towards it (first), `unwind(for:towards:)`: a navigation controller pops to
    /// it. The first `reveal` (or the `dismiss`, when there is none) emits `perform` first.
    case reveal(ControllerID, in: ControllerID)
    /// Unwind: the presentations above the destination go, in one step; the argument is the
    /// lowest presented controller dismissed.
    case dismiss(ControllerID)

    /// The step as an inspector says it, before it runs.
    public var description: String {
        switch self {
        case .shouldPerform(let identifier, let source):
            return "shouldPerformSegue(\(identifier.isEmpty ? "no identifier" : "\"\(identifier)\"")) on \(source)"
        case .instantiate(_, let described): return "instantiate \(described) from its scene"
        case .ask(let controller): return "ask \(controller), its children first"
        case .prepare(let segue): return "prepare(for:sender:) on \(segue.source)"
        case .unwindAction(let action, let destination): return "action \(action) on \(destination)"
        case .perform(let segue): return "perform \(segue.kind)"
        case .reveal(let child, let container): return "\(container) reveals \(child)"
        case .dismiss(let controller): return "dismiss \(controller) and all above it"
        }
    }
}

extension SegueStep {
    /// The controller the step is about, for an inspector to highlight: the source for
    /// should-perform and prepare, the level asked, the destination of the action, the
    /// controller revealed, the lowest controller dismissed; nil for instantiate (the
    /// destination does not exist yet) and perform.
    public var subject: ControllerID? {
        switch self {
        case .shouldPerform(_, let source): return source
        case .instantiate, .perform: return nil
        case .ask(let controller): return controller
        case .prepare(let segue): return segue.source
        case .unwindAction(_, let destination): return destination
        case .reveal(let child, _): return child
        case .dismiss(let controller): return controller
        }
    }
}

extension ControllerID {
    /// Whether this names `controller`: the same object, not a later one at its address.
    @MainActor
    public func names(_ controller: ViewController) -> Bool {
        id == ObjectIdentifier(controller) && instance == controller.instance
    }
}
