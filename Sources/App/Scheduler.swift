/// Timers for the app, on a clock that is either the system's or advanced by hand. Tests and
/// headless runs advance it by hand, so that nothing ever sleeps.
@MainActor
public final class Scheduler {
    public enum Clock: Sendable {
        case system
        /// Time moves only by `advance(by:)`.
        case manual
    }

    private let clock: Clock
    private let start = ContinuousClock.now
    private var manualNow = 0.0
    /// Seconds a system clock has been moved ahead of the system's (`advance(by:)`, a replay).
    private var skipped = 0.0
    private var timers: [ScheduledTimer] = []
    private var sequence = 0

    /// How many of its seconds pass in a second of the system's: a script played at
    /// `--play-speed 20` runs the app twenty times as fast too, its simulated network and its
    /// transitions with it, so that the script's shortened waits still mean what they said.
    public let rate: Double

    public init(clock: Clock, rate: Double = 1) {
        self.clock = clock
        self.rate = rate > 0 ? rate : 1
    }

    /// Seconds since the scheduler was made.
    public var now: Double {
        switch clock {
        case .manual: return manualNow
        case .system:
            let elapsed = ContinuousClock.now - start
            return (Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18) * rate + skipped
        }
    }

    /// Runs `action` once, `seconds` from now, as `Timer.scheduledTimer(withTimeInterval:repeats: false)`.
    @discardableResult
    public func schedule(after seconds: Double, _ action: @escaping @MainActor () -> Void) -> ScheduledTimer {
        sequence += 1
        let timer = ScheduledTimer(deadline: now + max(0, seconds), order: sequence, action: action)
        timers.append(timer)
        return timer
    }

    /// Seconds until the next timer is due (0 when one is overdue), nil when none is waiting.
    public var timeUntilNextTimer: Double? {
        timers.filter(\.isValid).map(\.deadline).min().map { max(0, $0 - now) }
    }

    /// Runs every timer that is due, in deadline order.
    public func runDue() {
        while let next = timers.filter({ $0.isValid && $0.deadline <= now }).min(by: { ($0.deadline, $0.order) < ($1.deadline, $1.order) }) {
            next.fire()
        }
        timers.removeAll { !$0.isValid }
    }

    /// Moves the clock forward, running the timers that fall due on the way, each at its time: a
    /// headless run's `<wait S>`, or a replay (a rewind) passing over the time it replays, for
    /// which a system clock runs ahead of the system's from then on.
    public func advance(by seconds: Double) {
        let start = now
        let end = start + max(0, seconds)
        while let next = timers.filter({ $0.isValid && $0.deadline <= end }).min(by: { ($0.deadline, $0.order) < ($1.deadline, $1.order) }) {
            moveAhead(to: next.deadline)
            next.fire()
        }
        moveAhead(to: end)
        timers.removeAll { !$0.isValid }
    }

    /// Sets the clock to `time`, unless it is already past it.
    private func moveAhead(to time: Double) {
        switch clock {
        case .manual: manualNow = max(manualNow, time)
        case .system: skipped += max(0, time - now)
        }
    }

    /// How many timers have been set so far: a mark for `invalidateTimers(setBefore:)`.
    public var timersSet: Int { sequence }

    /// Stops the timers set before `mark` (`timersSet`): those of an app launched again since.
    public func invalidateTimers(setBefore mark: Int) {
        for timer in timers where timer.order <= mark { timer.invalidate() }
        timers.removeAll { !$0.isValid }
    }
}

/// A timer that runs once; `invalidate()` stops it.
@MainActor
public final class ScheduledTimer {
    let deadline: Double
    let order: Int
    private var action: (@MainActor () -> Void)?

    init(deadline: Double, order: Int, action: @escaping @MainActor () -> Void) {
        self.deadline = deadline
        self.order = order
        self.action = action
    }

    public var isValid: Bool { action != nil }
    public func invalidate() { action = nil }

    func fire() {
        let action = self.action
        self.action = nil
        action?()
    }
}
