import ArgumentParser

/// `--demo-transactions N`: the wallet starts with N generated transactions, to see and measure
/// how it behaves with a long history (the benchmarks use it).
struct DemoDataOptions: ParsableArguments {
    @Option(name: .long, parsing: .unconditional, help: ArgumentHelp("Start the wallet with N generated transactions as history, from 0 to "
        + "\(Self.maximum): the same ones on every run, the sample's balance unchanged. Example: --demo-transactions "
        + "1000000", valueName: "n"), transform: Self.count)
    var demoTransactions = 0

    /// Generated rows cost nothing until shown, so the limit only keeps the row counts readable.
    static let maximum = 1_000_000_000

    private static func count(_ text: String) throws -> Int {
        guard let count = Int(text), (0...maximum).contains(count) else {
            throw ValidationError("needs a whole number from 0 to \(maximum), as in --demo-transactions 1000")
        }
        return count
    }
}
