import Benchmark
import Terminal
import Views
import Wallet

/// The wallet with N transactions (`WalletOptions.demoTransactions`, `wallet --demo-transactions N`):
/// a frame, and a key in its list, should cost the same for 10 as for 1,000,000.
enum TransactionScaling {
    static let counts = [10, 1_000, 100_000, 1_000_000]

    static func register() {
        for count in counts {
            let wallet = AppFixture {
                var options = WalletOptions()
                options.demoTransactions = count
                // With transactions, focus starts on the list (the first table that can take it).
                return WalletBench.app(options: options)
            }
            // However long the setup with a million rows, a few iterations say enough.
            let configuration = wallet.configuration(.init(maxDuration: .seconds(2), maxIterations: 200))

            // The whole frame again, as after a resize: every cell drawn and written.
            Benchmark("Wallet frame, \(count) transactions", configuration: configuration) { @MainActor benchmark async in
                benchmark.startMeasurement()
                wallet.app.run(script: [.press(.resize)])
                benchmark.stopMeasurement()
            }

            // Down and Up alternate so that every key moves the selection.
            Benchmark("Wallet list: one key (Down or Up), \(count) transactions", configuration: configuration) { @MainActor benchmark async in
                benchmark.startMeasurement()
                wallet.app.run(script: [.press(.down)])
                benchmark.stopMeasurement()
                wallet.app.run(script: [.press(.up)])
            }
        }
    }
}
