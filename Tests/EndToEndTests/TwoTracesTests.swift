import App
import Foundation
import Terminal
import TestSupport
import Testing
import Wallet
@testable import WalletCLI

/// Two apps in one process each write their own JSON trace, as two sessions of one server
/// will: the controllers' `id`s are numbered by each trace, so a trace is the same whatever
/// the other app does meanwhile.
@MainActor
@Suite("Two apps' JSON traces")
struct TwoTracesTests {
    static let pieces = ["n", "<down>", "<enter>", "1", "2", "<enter>", "<wait 3>", "<esc>", "<f3>", " ", "<f3>", "<up>"]

    /// A wallet writing its JSON trace to a file of its own.
    @MainActor
    final class TracedWallet {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("TwoTraces-\(UUID().uuidString).jsonl")
        let app: Application
        let writer: TraceWriter

        init() throws {
            writer = TraceWriter(file: try OutputFile.open(path: url.path), format: .json, filter: .all)
            app = try WalletApp.makeApplication(options: WalletOptions(), backend: MemoryTerminal(size: Size(width: 80, height: 24)),
                                                scheduler: Scheduler(clock: .manual))
            writer.observe(app.window)
            app.launch()
        }

        func trace() throws -> String { try String(contentsOf: url, encoding: .utf8) }
        isolated deinit { try? FileManager.default.removeItem(at: url) }
    }

    @Test("Interleaved key by key, each app's JSON trace is the one it writes alone, controller ids included", arguments: 0..<4)
    func tracesAreTheirOwn(seed: UInt64) throws {
        var random = SplitMix(seed: seed)
        let first = try KeyNotation.parse((0..<60).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined())
        let second = try KeyNotation.parse((0..<60).map { _ in Self.pieces[Int(random.next() % UInt64(Self.pieces.count))] }.joined())

        let alone = try TracedWallet()
        alone.app.run(script: first)
        let a = try TracedWallet()
        let b = try TracedWallet()
        for index in 0..<max(first.count, second.count) {
            if index < second.count { b.app.run(script: [second[index]]) }
            if index < first.count { a.app.run(script: [first[index]]) }
        }
        let expected = try alone.trace()
        #expect(expected.contains("\"id\":1,"), "the trace numbers its controllers from 1")
        #expect(try a.trace() == expected, "seed \(seed): the first app's trace depends on the second app")
    }
}
