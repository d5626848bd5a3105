import Benchmark
import Terminal
import Views
import Wallet

/// The wallet as the Send story uses it, on an 80x24 in-memory terminal. Each benchmark starts
/// and stops its measurement itself, so that only the work named is measured.
enum WalletScenarios {
    static func register() {
        // Each iteration builds the app from its storyboard and draws it once. After the first,
        // the process has already paid one-time costs (loading libraries, the runtime's first
        // conformance scans): with no warm-up, they show in the first iteration (p100); the
        // start-up of the real process is measured by `Benchmarks/compare` and `Benchmarks/instructions`.
        Benchmark("Start-up to the first frame", configuration: .init(warmupIterations: 0)) { @MainActor benchmark async in
            benchmark.startMeasurement()
            let app = WalletBench.app()
            app.launch()
            benchmark.stopMeasurement()
            blackHole(app)
        }

        // Down and Up alternate so that every key moves the selection.
        let contacts = AppFixture {
            let app = WalletBench.app()
            app.run(script: WalletBench.keys("n"))
            return app
        }
        Benchmark("Contacts: one key (Down or Up)", configuration: contacts.configuration()) { @MainActor benchmark async in
            benchmark.startMeasurement()
            contacts.app.run(script: [.press(.down)])
            benchmark.stopMeasurement()
            contacts.app.run(script: [.press(.up)])
        }

        // The digit is measured; the Backspace that takes it away again (so that the field never
        // reaches the 64 bits of cents it refuses to go past) is not.
        let amount = AppFixture {
            let app = WalletBench.app()
            app.run(script: WalletBench.keys("n<enter>12"))
            return app
        }
        Benchmark("Amount: one digit typed", configuration: amount.configuration()) { @MainActor benchmark async in
            benchmark.startMeasurement()
            amount.app.run(script: [.press(.character("3"))])
            benchmark.stopMeasurement()
            amount.app.run(script: [.press(.backspace)])
        }

        // New Transfer, a contact, an amount, Send, the simulated request, and the unwind back to
        // the wallet with the new row: every key drawn as the user would see it.
        let story = WalletBench.keys("n<down><down><enter>12.34<enter><wait 3>")
        Benchmark("Send story with its unwind") { @MainActor benchmark async in
            let app = WalletBench.app()
            app.launch()
            benchmark.startMeasurement()
            app.run(script: story)
            benchmark.stopMeasurement()
            blackHole(app)
        }
    }
}
