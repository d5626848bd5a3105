import App
import Views

/// The network the sample pretends to use: a request takes a while, and, for demos, may fail.
/// Time comes from the app's scheduler, so tests advance it instead of waiting.
@MainActor
public final class SimulatedNetwork {
    public struct RequestFailed: Error, Equatable {}

    let scheduler: Scheduler
    /// Seconds a request takes; the sample's timer waits 2.
    public let delay: Double
    /// Chance, from 0 to 1, that a request fails.
    public let failureRate: Double
    private var random: SeededRandom

    public init(scheduler: Scheduler, delay: Double = 2, failureRate: Double = 0, seed: UInt64? = nil) {
        self.scheduler = scheduler
        self.delay = delay
        self.failureRate = failureRate
        random = SeededRandom(seed: seed)
    }

    /// Starts a request; `completion` runs once, after the delay, with its outcome.
    @discardableResult
    func send(_ completion: @escaping @MainActor (Result<Void, RequestFailed>) -> Void) -> ScheduledTimer {
        let fails = failureRate > 0 && Double.random(in: 0..<1, using: &random) < failureRate
        return scheduler.schedule(after: delay) {
            completion(fails ? .failure(RequestFailed()) : .success(()))
        }
    }
}

/// Random numbers that repeat for a seed (`--seed`), so that a failing demo fails the same way
/// twice; without a seed, the system's.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64?
    private var system = SystemRandomNumberGenerator()

    init(seed: UInt64?) { state = seed }

    /// SplitMix64: small, fast, and good enough to decide which demo request fails.
    mutating func next() -> UInt64 {
        guard var z = state else { return system.next() }
        z &+= 0x9E37_79B9_7F4A_7C15
        state = z
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
