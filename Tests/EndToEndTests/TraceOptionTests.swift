import Foundation
import Testing

/// `--trace`: the engine's steps, written where a bug report or a workshop can read them.
@Suite("The --trace option")
struct TraceOptionTests {
    @Test("--trace - writes Send's unwind search to standard error, and the screen still goes to standard output")
    func traceOfSend() async throws {
        let result = try await ProcessRunner.run(
            try WalletBinary.url(),
            ["--headless", "--trace", "-", "--keys", "n<down><down><enter>12.34<enter><wait 3>"],
            environment: WalletBinary.environment
        )
        #expect(result.status == 0)
        #expect(result.standardOutput.contains("€ 5,419.67"))
        let trace = result.standardError.lines.map(String.init)
        let search = [
            "unwind sendTransaction: from TransactionViewController \"Amount\"",
            "  ask ContactsViewController \"Contacts\" canPerformUnwindSegueAction(sendTransaction:) → false",
            "  ask NavigationController (root \"Contacts\") canPerformUnwindSegueAction(sendTransaction:) → false",
            "  ask WalletViewController \"Wallet\" canPerformUnwindSegueAction(sendTransaction:) → true",
        ]
        let start = try #require(trace.firstIndex(of: search[0]), "no unwind in the trace:\n\(result.standardError)")
        #expect(Array(trace[start..<min(trace.count, start + search.count)]) == search)
        #expect(trace.contains("WalletViewController \"Wallet\".sendTransaction(_:)"))
    }

    @Test("--trace FILE writes the same steps to a file")
    func traceToFile() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-trace-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await ProcessRunner.run(
            try WalletBinary.url(), ["--headless", "--trace", file.path, "--keys", "n<esc>"], environment: WalletBinary.environment
        )
        #expect(result.status == 0)
        let trace = try String(contentsOf: file, encoding: .utf8)
        #expect(trace.contains("unwind cancel: from ContactsViewController \"Contacts\""))
        #expect(trace.contains("destination WalletViewController \"Wallet\""))
    }
}
