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
    /// UIKit's `isIgnoringInteractionEvents`: true while a transition plays. Events read then
    /// wait in the loop's queue, and are sent in order once it has ended, each on the screen it
    /// was typed for, a frame after each.
    var isIgnoringInteractionEvents: Bool { get }
    /// Whether `event` does not wait behind a transition (a resize, Ctrl-C, Ctrl-Z): the
    /// transition is ended at once, and the events that waited are sent before it.
    func interruptsWaiting(_ event: Event) -> Bool
    /// UIKit's `endIgnoringInteractionEvents`: ends the transition that plays, at once.
    func endIgnoringInteractionEvents()
}

extension EventHandling {
    public var timeout: Double? { nil }
    public func continuesRun(after event: Event) -> Bool { false }
    public func needsFrame(before event: Event) -> Bool { true }
    public var isIgnoringInteractionEvents: Bool { false }
    public func interruptsWaiting(_ event: Event) -> Bool { false }
    public func endIgnoringInteractionEvents() {}
}

/// The one run loop of every screen (issue 34): it reads events from the terminal (keys,
/// clicks, resizes, input on a descriptor the terminal watches, the time a timer asked for),
/// keeps the one queue of those that wait (read ahead of a frame they need, or typed while a
/// transition plays), and drives a model (`EventHandling`): each event handled, those typed
/// ahead after it in the same turn (at most `eventsPerFrame`), then one frame. Bubble Tea's
/// `eventLoop` and Textual's message pump are this.
@MainActor
public final class EventLoop {
    public let backend: TerminalBackend
    /// The most events handled before a frame is drawn, so that a long paste still shows progress.
    public static let eventsPerFrame = 64
    /// Events read that wait: for the frame of those before them, or for a transition to end.
    public private(set) var waiting: [Event] = []

    public init(backend: TerminalBackend) {
        self.backend = backend
    }

    /// Runs `model` until it stops running or the process is asked to stop.
    public func run(_ model: some EventHandling) {
        while model.isRunning, !backend.shouldTerminate {
            turn(model, with: next(for: model))
        }
    }

    /// One turn: `event` (nil: the time asked for came with nothing else, a timer), the events
    /// already typed after it, then the frame; then the events that waited for a transition
    /// that has ended, a frame after each.
    public func turn(_ model: some EventHandling, with event: Event?) {
        if let event {
            if model.isIgnoringInteractionEvents || !waiting.isEmpty {
                waiting.append(event)
                sendUpToUrgent(to: model)
            } else {
                model.sendEvent(event)
                var last = event
                for _ in 1..<Self.eventsPerFrame {
                    guard model.isRunning, model.continuesRun(after: last), let next = backend.readEvent(timeout: 0) else { break }
                    if model.needsFrame(before: next) {
                        waiting.append(next)
                        break
                    }
                    model.sendEvent(next)
                    last = next
                }
            }
        }
        model.finishTurn()
        sendWaiting(to: model)
    }

    /// The events that wait, in order, as far as they may go now, a frame after each: all of
    /// them once no transition plays; while one plays, those up to one that does not wait.
    private func sendWaiting(to model: some EventHandling) {
        while model.isRunning, let first = waiting.first {
            if !model.isIgnoringInteractionEvents {
                waiting.removeFirst()
                model.sendEvent(first)
            } else if waiting.contains(where: { model.interruptsWaiting($0) }) {
                sendUpToUrgent(to: model)
            } else {
                return
            }
            model.finishTurn()
        }
    }

    /// While a transition plays, an event that does not wait behind it (a resize, Ctrl-C,
    /// Ctrl-Z) ends it, and the events typed before it go first, where they were meant, with no
    /// animation: a waiting Enter must not answer the Quit? question that Ctrl-C asks, and a
    /// waiting click names a place on the frame drawn before the resize, not on the one after it.
    private func sendUpToUrgent(to model: some EventHandling) {
        while model.isRunning, model.isIgnoringInteractionEvents, let urgent = waiting.firstIndex(where: { model.interruptsWaiting($0) }) {
            let events = waiting[...urgent]
            waiting.removeFirst(urgent + 1)
            for event in events where model.isRunning {
                model.endIgnoringInteractionEvents()
                model.sendEvent(event)
            }
        }
    }

    /// The next event read; `.timer` when the time asked for ran out first.
    private func next(for model: some EventHandling) -> Event? {
        if let event = backend.readEvent(timeout: model.timeout) { return event }
        return model.timeout == nil ? nil : .timer
    }
}

/// What reads each descriptor the loop wakes on besides the keys (`Event.readable`): in a
/// `wallet serve` session, the room's messages, the presenter's counts, the presenter's frames.
/// The model that owns them keeps one (`Application`, `ServedProgram`), so the event reaches it.
public struct DescriptorReaders {
    private var readers: [Int32: () -> Void] = [:]

    public init() {}

    /// `read` runs each time the loop wakes because `descriptor` has something to read.
    public mutating func read(_ descriptor: Int32, with read: @escaping () -> Void) {
        readers[descriptor] = read
    }

    /// Runs the reader a `.readable` event names; false for any other event.
    public func take(_ event: Event) -> Bool {
        guard case .readable(let descriptor) = event else { return false }
        readers[descriptor]?()
        return true
    }
}
