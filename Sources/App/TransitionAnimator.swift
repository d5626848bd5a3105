import Navigation
import Terminal
import Views

/// Plays the window's transitions on screen. The engine stays instant: a push, a pop, a
/// presentation or a dismissal is done the moment it happens, and reported as
/// `NavigationEvent.transition`. The animator keeps the frame that was on screen before it, and
/// for the animation's duration shows frames composed from that one and the app's live frame
/// after it (`Transition`), by the scheduler's clock: the system's in a terminal, the manual
/// clock of headless runs and tests, which `<wait S>` advances.
///
/// Which transition plays when one key does several (an unwind pops, then dismisses): the one
/// the user sees, the topmost. A presentation or dismissal wins over a push or pop, as only the
/// topmost presented controller animates (rule 12); otherwise the last one plays. Alerts appear
/// and disappear at once (an iOS alert only fades, which cells cannot do). A custom segue whose
/// class is registered plays its own transition, and its dismissal plays it backwards.
///
/// Only the part of the screen that changed moves (`changedRegion`): a push inside a sheet
/// slides inside the sheet, a sheet rises over its presenter, whose dimming shows at once, and
/// the key footer switches at once. A transition starts when the engine reports it (in a
/// headless `<wait S>`, at the time the timer behind it fired), so a frame drawn S seconds
/// later is S seconds into it. One that happens while another plays starts from the frame on
/// screen.
///
/// It works on the app's frame as `ScreenRenderer` returns it, before anything else (an
/// inspector beside the app) is composed with it. A frame of another size than the one before
/// (a resize, a panel opening) ends the animation: the new frame shows at once.
@MainActor
public final class TransitionAnimator {
    /// How fast transitions play; `.off` shows every change at once.
    public var speed: AnimationSpeed = .off {
        didSet { if speed == .off { finish() } }
    }

    /// Seconds between frames while a transition plays in a real terminal (30 a second).
    public static let frameInterval = 1.0 / 30

    private let scheduler: Scheduler
    private var customTransitions: [ObjectIdentifier: any Transition] = [:]
    /// Controllers presented by a custom segue (by instance), dismissed by its reverse.
    private var presentedWith: [ControllerInstance: any Transition] = [:]
    /// Transitions the engine reported since the last frame, each with the time it happened.
    private var pending: [(step: TransitionStep, time: Double)] = []
    private var pendingCustom: (transition: any Transition, time: Double)?
    private var animation: Animation?
    /// The frame last handed to the screen, and the live frame it was composed from.
    private var shown: CellBuffer?
    private var live: CellBuffer?

    private struct Animation {
        let transition: any Transition
        /// The size of the frame shown before, and its cells in `region`.
        let size: Size
        let beforeRegion: CellBuffer
        /// Where the two frames' characters differ, the key footer (the bottom row) left out.
        let region: Rect
        let start: Double
        let duration: Double
        var end: Double { start + duration }
    }

    public init(window: Window, scheduler: Scheduler) {
        self.scheduler = scheduler
        register(CrossDissolveSegue.self)
        _ = window.addObserver { [weak self] event in self?.observe(event) }
    }

    /// Makes a custom segue's own transition play whenever a segue of that class performs.
    public func register<S: StoryboardSegue & TransitionProvidingSegue>(_ segue: S.Type) {
        customTransitions[ObjectIdentifier(segue)] = S.transition
    }

    /// Whether a transition is playing, or has happened and waits for its first frame: keys
    /// typed now wait for it to end.
    public var isAnimating: Bool {
        animation != nil || pendingCustom != nil || pending.contains { animates($0.step) }
    }

    /// How long the run loop may wait for a key before the next frame is due; nil when nothing plays.
    public var timeUntilNextFrame: Double? {
        if pendingCustom != nil || pending.contains(where: { animates($0.step) }) { return 0 }
        guard let animation else { return nil }
        return min(Self.frameInterval, max(0, animation.end - scheduler.now))
    }

    /// Ends the transition at once: the next frame is the app's screen as it is (a key in a
    /// headless script, a resize, Ctrl-Z, Ctrl-C).
    public func finish() {
        _ = takeTransition()
        animation = nil
        if let live { shown = live }
    }

    /// The frame to show for the app's live frame `frame`: `frame` itself, or while a transition
    /// plays, the frame composed from the one shown before it and `frame`.
    public func frame(for frame: CellBuffer) -> CellBuffer {
        defer { live = frame }
        if speed == .off {
            shown = frame
            return frame
        }
        let now = scheduler.now
        if let taken = takeTransition(), let before = shown, before.size == frame.size {
            let region = Self.changedRegion(from: before, to: frame, dimmedBehind: taken.dimmedBehind)
            // Nothing seen changed: nothing to move (and one still playing plays on).
            if !region.isEmpty {
                animation = Animation(transition: taken.transition, size: before.size, beforeRegion: before.cut(region),
                                      region: region, start: taken.start, duration: speed.duration)
            }
        }
        var result = frame
        if let playing = animation {
            if playing.size != frame.size || now >= playing.end {
                animation = nil
            } else {
                let elapsed = max(0, now - playing.start) / playing.duration
                let moving = playing.transition.frame(from: playing.beforeRegion, to: frame.cut(playing.region), progress: Self.easeOut(elapsed))
                result.draw(moving, at: playing.region.origin, clip: playing.region)
            }
        }
        shown = result
        return result
    }

    /// Which frame, in a presentation or a dismissal, shows the presenter dimmed behind the
    /// presented screen: its dimmed cells are not the screen that moves.
    enum DimmedBehind { case before, after }

    /// The smallest rectangle holding every cell whose character differs between the frames:
    /// the screen that changed. A push inside a sheet slides inside the sheet, and a change of
    /// style alone or of the key footer (the bottom row) shows at once rather than moving. For a
    /// presentation or dismissal, the cells drawn dimmed in the frame with the sheet are the
    /// presenter behind it and are left out, so that the sheet alone rises or falls; when that
    /// leaves nothing (a sheet all dim), every changed cell counts. Empty when nothing changed.
    static func changedRegion(from before: CellBuffer, to after: CellBuffer, dimmedBehind: DimmedBehind? = nil) -> Rect {
        if let dimmedBehind {
            let sheet = dimmedBehind == .after ? after : before
            let region = changedRegion(from: before, to: after) { x, y in !sheet[x, y].style.attributes.contains(.dim) }
            if !region.isEmpty { return region }
        }
        return changedRegion(from: before, to: after) { _, _ in true }
    }

    private static func changedRegion(from before: CellBuffer, to after: CellBuffer, counts: (Int, Int) -> Bool) -> Rect {
        let rows = after.size.height > 1 ? after.size.height - 1 : after.size.height
        var minX = Int.max, minY = Int.max, maxX = -1, maxY = -1
        for y in 0..<rows {
            for x in 0..<after.size.width where before[x, y].character != after[x, y].character && counts(x, y) {
                minX = min(minX, x); maxX = max(maxX, x)
                minY = min(minY, y); maxY = max(maxY, y)
            }
        }
        guard maxX >= 0 else { return Rect(x: 0, y: 0, width: 0, height: 0) }
        return Rect(x: minX, y: minY, width: maxX - minX + 1, height: maxY - minY + 1)
    }

    /// Ease-out (cubic): fast at first, settling at the end.
    static func easeOut(_ t: Double) -> Double {
        let t = min(1, max(0, t))
        return 1 - (1 - t) * (1 - t) * (1 - t)
    }

    // MARK: Events

    private func observe(_ event: NavigationEvent) {
        guard speed != .off else { return }
        switch event {
        case .perform(let segue):
            if let transition = customTransitions[segue.type] { pendingCustom = (transition, scheduler.now) }
        case .transition(let step):
            pending.append((step, scheduler.now))
        default:
            break
        }
    }

    private static let alertClass = ObjectIdentifier(AlertController.self)

    /// Whether a step is seen moving: alerts come and go at once.
    private func animates(_ step: TransitionStep) -> Bool {
        switch step {
        case .present(let controller, _, _, _): return controller.type != Self.alertClass
        case .dismiss(let controller, let topmost): return topmost.type != Self.alertClass && controller.type != Self.alertClass
        case .setRoot, .push, .pop, .custom, .showDetail, .collapse, .expand, .adapt: return true
        // UIKit switches tabs at once.
        case .selectTab, .embed: return false
        }
    }

    /// The transition to play for what happened since the last frame, and when it started;
    /// forgets what happened.
    private func takeTransition() -> (transition: any Transition, start: Double, dimmedBehind: DimmedBehind?)? {
        let steps = pending.filter { animates($0.step) }
        let custom = pendingCustom
        pending = []
        pendingCustom = nil
        if let custom {
            for entry in steps {
                if case .present(let controller, _, _, _) = entry.step { presentedWith[controller.instance] = custom.transition }
            }
            let presents = steps.contains { if case .present = $0.step { return true }; return false }
            let dismisses = steps.contains { if case .dismiss = $0.step { return true }; return false }
            return (custom.transition, custom.time, presents ? .after : dismisses ? .before : nil)
        }
        let modal = steps.last { if case .present = $0.step { return true }; if case .dismiss = $0.step { return true }; return false }
        guard let chosen = modal ?? steps.last else { return nil }
        switch chosen.step {
        case .present: return (RiseTransition(), chosen.time, .after)
        case .dismiss(let controller, let topmost):
            let own = presentedWith.removeValue(forKey: topmost.instance)
            presentedWith[controller.instance] = nil
            return (own.map(ReversedTransition.init) ?? FallTransition(), chosen.time, .before)
        case .push: return (PushTransition(), chosen.time, nil)
        case .pop: return (PopTransition(), chosen.time, nil)
        case .setRoot, .custom, .selectTab, .showDetail, .collapse, .expand, .adapt, .embed:
            return (CrossDissolveTransition(), chosen.time, nil)
        }
    }
}

fileprivate extension CellBuffer {
    /// The cells of `rect`, as a frame of its own.
    func cut(_ rect: Rect) -> CellBuffer {
        var part = CellBuffer(size: rect.size)
        part.draw(self, at: Point(x: -rect.x, y: -rect.y))
        return part
    }
}
