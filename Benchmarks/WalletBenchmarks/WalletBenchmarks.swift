import Benchmark
import Terminal

/// What every benchmark reports: instructions (hardware counters, where the kernel lends them;
/// `Benchmarks/instructions` counts them with callgrind anywhere), allocations and wall-clock time.
let metrics: [BenchmarkMetric] = [.instructions, .mallocCountTotal, .wallClock, .peakMemoryResident]

/// The benchmarks: the wallet as a user meets it (start-up, keys, the Send story), the same
/// with many transactions, and an unwind through a deep hierarchy. Each runs the whole app on an
/// in-memory terminal with a clock that only moves when told, as `wallet --headless` does.
let benchmarks: @Sendable () -> Void = {
    Benchmark.defaultConfiguration = .init(metrics: metrics, warmupIterations: 1, maxDuration: .seconds(2), maxIterations: 1_000)

    WalletScenarios.register()
    TransactionScaling.register()
    DeepUnwind.register()
}
