import Foundation
@testable import Navigation
import Terminal
import TestSupport
import Testing
@testable import Views

/// Back and forth through the catalog's split view, twice, the terminal collapsing and expanding
/// it on every step: the second round ends with the controllers the first ended with (Show
/// Detail leaves its detail in place, so the start differs), every controller that left is gone
/// from memory, and the appearance callbacks come in order.
@MainActor
@Suite("A split view collapsing and expanding on every step")
struct SplitRoundTripTests {
    nonisolated static let wide = Size(width: 120, height: 30)
    nonisolated static let narrow = Size(width: 80, height: 30)

    /// Each step and the width after it: Show Detail twice, across storyboards, the unwinds back.
    static let steps = ["f", "s", "u", "o", "u", "<esc>", "f", "u"]

    @Test("Twice there and back with the width changing on every step: the same controllers at the end of each round, none leaked, appearance in order", arguments: [wide, narrow])
    func roundTrips(start: Size) throws {
        let walk = try CatalogWalk(seed: 0, size: start)
        walk.press("4")
        var ends: [String] = []
        var everSeen: [WeakController] = []
        var pressed: [String] = ["4"]
        for _ in 0..<2 {
            for (index, key) in Self.steps.enumerated() {
                walk.press(key)
                let size = index % 2 == 0 ? (start == Self.wide ? Self.narrow : Self.wide) : start
                walk.resize(to: size)
                pressed += [key, "<resize \(size.width)>"]
                everSeen += walk.app.window.allControllers.map(WeakController.init)
                if let problem = walk.check() {
                    Issue.record("\(problem)\n  keys: \(pressed.joined())\n\(walk.terminal.text)")
                    return
                }
            }
            walk.resize(to: start)
            ends.append(hierarchy(walk))
        }
        #expect(ends[0] == ends[1], "keys \(pressed.joined())")
        let live = walk.app.window.allControllers
        let leaked = everSeen.compactMap(\.controller).filter { controller in !live.contains { $0 === controller } }
        let names = Set(leaked.map { String(describing: ControllerID($0)) })
        #expect(leaked.isEmpty, "controllers off the hierarchy still alive: \(names.sorted())")
    }

    /// The hierarchy as classes and titles, indented; presented controllers marked.
    private func hierarchy(_ walk: CatalogWalk) -> String {
        var lines: [String] = []
        func visit(_ controller: ViewController, depth: Int, presented: Bool) {
            lines.append(String(repeating: "  ", count: depth) + (presented ? "presents " : "") + "\(ControllerID(controller)) \(controller.appearance)")
            controller.children.forEach { visit($0, depth: depth + 1, presented: false) }
            controller.ownPresentedViewController.map { visit($0, depth: depth + 1, presented: true) }
        }
        walk.app.window.rootViewController.map { visit($0, depth: 0, presented: false) }
        return lines.joined(separator: "\n")
    }
}

/// A controller held weakly, to see whether anything else still holds it.
@MainActor
struct WeakController {
    weak var controller: ViewController?
    init(_ controller: ViewController) { self.controller = controller }
}
