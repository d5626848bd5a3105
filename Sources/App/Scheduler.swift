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
    private var timers: [ScheduledTimer] = []
    private var sequence = 0

    public init(clock: Clock) { self.clock = clock }

    /// Seconds since the scheduler was made.
    public var now: Double {
        switch clock {
        case .manual: return manualNow
        case .system:
            let elapsed = ContinuousClock.now - start
            return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
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

    /// Moves a manual clock forward, running the timers that fall due on the way, each at its time.
    public func advance(by seconds: Double) {
        precondition(clock == .manual, "only a manual clock is advanced by hand")
        let end = manualNow + max(0, seconds)
        while let next = timers.filter({ $0.isValid && $0.deadline <= end }).min(by: { ($0.deadline, $0.order) < ($1.deadline, $1.order) }) {
            manualNow = max(manualNow, next.deadline)
            next.fire()
        }
        manualNow = end
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
