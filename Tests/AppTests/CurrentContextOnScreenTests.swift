import App
import Foundation
import Navigation
import Terminal
import Testing
import TestSupport
import Views

/// A current-context presentation over an embedded child in a split view's detail column
/// (Tests/AppTests/Storyboards/CurrentContextInSplit.storyboard), as a user sees and drives it:
/// drawn in the child's area only, the master column and Detail's other button still in use.
@MainActor
@Suite("A current-context presentation, on screen")
struct CurrentContextOnScreenTests {
    static let storyboard = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .appendingPathComponent("Storyboards/CurrentContextInSplit.storyboard").path

    @Test("Cover draws in the child's area: Master and Detail's Other still show, undimmed, and their keys are named")
    func drawnInItsArea() throws {
        let harness = try AppHarness.storyboardWithoutCode(contentsOfFile: Self.storyboard, size: Size(width: 120, height: 14), keys: "c")
        #expect(harness.text.contains("Covering the child") && harness.text.contains("[ Push ]") && harness.text.contains("[ Other ]"),
                "\(harness.text)")
        #expect(!harness.text.contains("[ Cover ]"))
        #expect(harness.bottomRow.contains("p Push") && harness.bottomRow.contains("o Other"), "\(harness.bottomRow)")
    }

    @Test("Push in the master column works beneath, and the presentation stays; twice there and back keeps it")
    func pushBeneath() throws {
        let harness = try AppHarness.storyboardWithoutCode(contentsOfFile: Self.storyboard, size: Size(width: 120, height: 14),
                                                            keys: "cp<esc>p<esc>p")
        #expect(harness.text.contains("Pushed") && harness.text.contains("Covering the child"), "\(harness.text)")
        #expect(harness.window.presentationStack.count == 2)
    }

    @Test("Tab goes round every control on screen: the master's, Detail's Other, and none of the covered child's")
    func focusGoesRound() throws {
        let harness = try AppHarness.storyboardWithoutCode(contentsOfFile: Self.storyboard, size: Size(width: 120, height: 14), keys: "c")
        var seen: [String] = []
        for _ in 0..<4 {
            if let button = harness.focusedObject as? Button, let title = button.title, !seen.contains(title) { seen.append(title) }
            try harness.run("<tab>")
        }
        #expect(Set(seen) == ["Push", "Other"], "\(seen)")
    }
}
