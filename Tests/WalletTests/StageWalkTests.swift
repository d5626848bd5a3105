import App
import Foundation
import Terminal
import TestSupport
import Testing
@testable import Wallet
import WalletAssets

/// The wallet's shipped demos played as a presenter plays them, at each size the README names,
/// with each option a presenter adds (`StageWalk`): every frame checked, and each demo ending
/// where it ends without them.
@MainActor
@Suite("The wallet's demos, on the presenter's stage")
struct WalletStageWalkTests {
    struct Demo: Sendable, CustomTestStringConvertible {
        let file: String
        var failureRate = 0.0
        var seed: UInt64?
        var storyboard: String?
        var testDescription: String { file }
    }

    /// Each demo with the options its header runs it with.
    nonisolated static let demos = [
        Demo(file: "send.keys"), Demo(file: "cancel.keys"), Demo(file: "failure.keys", failureRate: 0.5, seed: 5),
        Demo(file: "abort.keys", storyboard: "Demos/Abort.storyboard"),
    ]

    /// The demo on a wallet of `size`, walked with `options`: the walk, and where it ended.
    static func walk(_ demo: Demo, size: Size, options: StageWalk.Options) throws -> (walk: StageWalk, place: [String], transfers: [Int]) {
        let text = try String(contentsOf: WalletAssets.folder.appendingPathComponent("Demos/\(demo.file)"), encoding: .utf8)
        let storyboard = demo.storyboard.map { WalletAssets.folder.appendingPathComponent($0) }
        let harness = try WalletHarness(size: size, options: WalletHarness.options(failureRate: demo.failureRate, seed: demo.seed, storyboard: storyboard))
        var walk = StageWalk(harness, options: options, needs: try ScriptNeeds.parse(file: text))
        walk.play(try KeyNotation.parse(file: text))
        let wallet = harness.window.allControllers.compactMap { $0 as? WalletViewController }.first
        return (walk, StageWalk.place(of: harness.window), wallet?.transactions.map(\.amount) ?? [])
    }

    @Test("Each demo, at 80x24, 120x30 and 200x50, with and without --inspector, --step and --animations slow: every frame as it should be, the same end",
          arguments: demos, StageWalk.sizes)
    func demoOnStage(demo: Demo, size: Size) throws {
        let plain = try Self.walk(demo, size: size, options: StageWalk.Options(inspector: false, step: false, slow: false))
        // The demos say `inspector off, step off`: --inspector and --step are set aside, and
        // only the animations change what is played.
        for options in StageWalk.Options.all where !options.inspector && !options.step || options == StageWalk.Options(inspector: true, step: true, slow: true) {
            let run = try Self.walk(demo, size: size, options: options)
            #expect(run.walk.problems.isEmpty, "\(demo.file) at \(size.width)x\(size.height), \(options):\n\(run.walk.problems.prefix(3).joined(separator: "\n"))")
            #expect(run.place == plain.place, "\(demo.file) at \(size.width)x\(size.height), \(options)")
            #expect(run.transfers == plain.transfers, "\(demo.file) at \(size.width)x\(size.height), \(options)")
        }
        #expect(plain.walk.problems.isEmpty, "\(plain.walk.problems.prefix(3).joined(separator: "\n"))")
    }
}
