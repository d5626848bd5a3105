import Terminal

/// What the event loop drives: the app (`Application`), the session menu
/// (`LauncherScreen`), a follower's screen (`FollowerScreen`). Each handles events and draws
/// its frame; the loop decides when.
@MainActor
public protocol EventHandling: AnyObject {
    /// False ends the loop.
    var isRunning: Bool { get }
    /// Seconds until the model wants an `Event.timer` (its next timer, a transition's next
    /// frame); nil waits for an event however long it takes.
    var timeout: Double? { get }
    /// Handles one event (UIKit's `UIApplication.sendEvent(_:)`). Events typed ahead of the
    /// frame (a paste, a held arrow) are sent one after another, and one frame shows where they
    /// led (`finishTurn`).
    func sendEvent(_ event: Event)
    /// Whether the events typed after `event` may be handled before the next frame: false for
    /// an event that needs the screen as drawn (a resize, a click, Ctrl-Z, Ctrl-C) or that
    /// starts something the next ones must wait for.
    func continuesRun(after event: Event) -> Bool
    /// Whether `event`, typed ahead, must wait for the frame of the events before it: a click
    /// names a place on the frame the user saw, a resize gives the terminal a new size.
    func needsFrame(before event: Event) -> Bool
    /// A run of events ended: the timers due run, and the frame is drawn.
    func finishTurn()
}

extension EventHandling {
    public var timeout: Double? { nil }
    public func continuesRun(after event: Event) -> Bool { false }
    public func needsFrame(before event: Event) -> Bool { true }
}

/// The one run loop of every screen (issue 34): it reads events from the terminal (keys,
/// clicks, resizes, input on a descriptor the terminal watches, the time a timer asked for),
/// holds those read ahead that must wait for a frame, and drives a model (`EventHandling`):
/// each event handled, those typed ahead after it in the same turn (at most `eventsPerFrame`),
/// then one frame. Bubble Tea's `eventLoop` and Textual's message pump are this.
@MainActor
public final class EventLoop {
    public let backend: TerminalBackend
    /// The most events handled before a frame is drawn, so that a long paste still shows progress.
    public static let eventsPerFrame = 64
    /// An event read ahead that waits for the frame of those before it.
    private var held: Event?

    public init(backend: TerminalBackend) {
        self.backend = backend
    }

    /// Runs `model` until it stops running or the process is asked to stop.
    public func run(_ model: some EventHandling) {
        while model.isRunning, !backend.shouldTerminate {
            turn(model, with: next(timeout: model.timeout))
        }
    }

    /// One turn: `event` (none when the time asked for came with nothing else: a timer), the
    /// events already typed after it, then the frame.
    public func turn(_ model: some EventHandling, with event: Event?) {
        if let event {
            model.sendEvent(event)
            var last = event
            for _ in 1..<Self.eventsPerFrame {
                guard model.isRunning, model.continuesRun(after: last), let next = backend.readEvent(timeout: 0) else { break }
                if model.needsFrame(before: next) {
                    held = next
                    break
                }
                model.sendEvent(next)
                last = next
            }
        }
        model.finishTurn()
    }

    /// The held event, or the next one read; `.timer` when the time ran out first.
    private func next(timeout: Double?) -> Event? {
        if let event = held {
            held = nil
            return event
        }
        if let event = backend.readEvent(timeout: timeout) { return event }
        return timeout == nil ? nil : .timer
    }
}
