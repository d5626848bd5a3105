import Foundation

/// How much a property test tries: its `defaultSteps` under `swift test`, or a soak of
/// `WALLET_SOAK_STEPS` steps, from the seed `WALLET_SOAK_SEED` (each walk's seed is the one
/// after the last, so a failure's seed repeats it alone). A soak of one suite:
///
///     WALLET_SOAK_STEPS=100000 swift test --filter RandomWalkTests
public struct Soak {
    public let totalSteps: Int
    public let firstSeed: UInt64

    public init(defaultSteps: Int, firstSeed: UInt64 = 1) {
        let environment = ProcessInfo.processInfo.environment
        totalSteps = environment["WALLET_SOAK_STEPS"].flatMap(Int.init) ?? defaultSteps
        self.firstSeed = environment["WALLET_SOAK_SEED"].flatMap(UInt64.init) ?? firstSeed
    }

    /// The seeds of `totalSteps` tries of one step each (a hierarchy, a mutant).
    public var seeds: Range<UInt64> { firstSeed..<(firstSeed + UInt64(max(0, totalSteps))) }

    /// Walks seed after seed until `totalSteps` steps are walked: `walk(seed, maxSteps)` walks at
    /// most `min(stepsPerWalk, steps left)` steps and returns how many it took, or nil when it
    /// failed (and recorded why), which ends the soak. Returns the steps walked.
    @discardableResult
    public func walk(stepsPerWalk: Int, _ walk: (_ seed: UInt64, _ maxSteps: Int) throws -> Int?) rethrows -> Int {
        var steps = 0
        var seed = firstSeed
        while steps < totalSteps {
            guard let taken = try walk(seed, min(stepsPerWalk, totalSteps - steps)) else { return steps }
            steps += max(1, taken)
            seed += 1
        }
        return steps
    }
}
