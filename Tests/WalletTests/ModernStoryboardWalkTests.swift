import App
import Foundation
@testable import Navigation
import PropertyBased
import Terminal
import TestSupport
import Testing
import Views

/// Issue 46: the fixtures of storyboards as today's Xcode writes them, walked with random keys
/// (the keys their screens offer, Back, tab and column keys, the pull-down, resizes across the
/// width that collapses a split): after every key the hierarchy is consistent, the app reports
/// no programming error, and the frame drawn with its lower levels kept is the one drawn from
/// scratch.
@MainActor
@Suite("Storyboards as today's Xcode writes them, walked at random")
struct ModernStoryboardWalkTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AppTests/Storyboards")

    nonisolated static let storyboards = ["ColumnSplit", "ModernContent", "SystemControllers", "Menus"]
    /// What each fixture's code implements, as its tests declare it (`--implements`).
    nonisolated static let implementations = ["ColumnSplit": "FeedsViewController=unwindToFeeds:", "SystemControllers": "ViewController=unwindToHome:"]

    /// The keys a walk presses: letters the fixtures' controls take and some nothing takes, and
    /// the keys of containers and presentations.
    nonisolated static let keys = ["a", "c", "d", "e", "g", "o", "p", "s", "u", "z", "<up>", "<tab>", "<enter>", "<esc>", "<down>", "<c-o>", "<c-n>", "<c-p>",
                                   "<c-d>", "<resize 80x24>", "<resize 120x30>", "<resize 120x12>", "<wait 1>"]

    @Test("Random keys leave a consistent hierarchy, no programming error, and a frame as drawn from scratch", arguments: storyboards)
    func walk(storyboard: String) async {
        let path = Self.fixtures.appendingPathComponent(storyboard + ".storyboard").path
        await propertyCheck(count: 120, input: Gen.int(in: 0...(Self.keys.count - 1)).array(of: 1...25)) { picks in
            let script = picks.map { Self.keys[$0] }
            do {
                let harness = try AppHarness.storyboardWithoutCode(contentsOfFile: path, size: Size(width: 120, height: 30)) {
                    let standIns = StandIns.terminal()
                    if let flag = Self.implementations[storyboard], let (key, actions) = try? StandIns.implementation(from: flag) {
                        standIns.implementations[key] = actions
                    }
                    return standIns
                }
                for (index, key) in script.enumerated() {
                    try harness.run(key)
                    let at = "\(storyboard), after \(script.prefix(index + 1).joined())"
                    guard harness.app.isRunning else { return }
                    let problems = HierarchyInvariants.problems(in: harness.app)
                    #expect(problems.isEmpty, "\(at): \(problems)")
                    #expect(harness.app.reportedErrors.isEmpty, "\(at): \(harness.app.reportedErrors)")
                    if let fresh = harness.app.screenFrameDrawnFromScratch() {
                        #expect(fresh == harness.app.lastScreenFrame, "\(at): the frame drawn with lower levels kept differs from one drawn from scratch")
                    }
                    if !problems.isEmpty || !harness.app.reportedErrors.isEmpty { return }
                }
            } catch {
                Issue.record("\(storyboard): \(script.joined()) threw \(error)")
            }
        }
    }
}
