import Benchmark
import Terminal
import Views
import Wallet

/// How the benchmarks make and drive the wallet: as `wallet --headless` does, on an in-memory
/// terminal, with a clock that moves only when a script waits.
@MainActor
enum WalletBench {
    static func app(options: WalletOptions = WalletOptions(), size: Size = Size(width: 80, height: 24)) -> Application {
        do {
            return try WalletApp.makeApplication(options: options, backend: MemoryTerminal(size: size), scheduler: Scheduler(clock: .manual))
        } catch {
            fatalError("the wallet's own storyboard does not load: \(error)")
        }
    }

    nonisolated static func keys(_ script: String) -> [KeyScriptStep] {
        do {
            return try KeyNotation.parse(script)
        } catch {
            fatalError("\(script): \(error)")
        }
    }
}

/// An app made once before a benchmark's iterations (its `setup`) and dropped after them, so
/// that an iteration measures one key and not the making of the app.
@MainActor
final class AppFixture {
    private var made: Application?
    private let make: @MainActor () -> Application

    nonisolated init(_ make: @escaping @MainActor () -> Application) { self.make = make }

    var app: Application {
        guard let made else { fatalError("the benchmark's setup did not run") }
        return made
    }

    /// For a benchmark's configuration: makes the app before the iterations, drops it after.
    nonisolated func configuration(_ base: Benchmark.Configuration = .init()) -> Benchmark.Configuration {
        var configuration = base
        configuration.setup = { await self.setUp() }
        configuration.teardown = { await self.tearDown() }
        return configuration
    }

    private func setUp() { made = make() }
    private func tearDown() { made = nil }
}
