import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 20")
struct Rule20PresentModallyTests {
    @Test("Rule 20: Present Modally presents over the current context; the presenting controller stays underneath")
    func presenterStaysUnderneath() throws {
        let s = try Scenario("Rule20-PresentModally", classes: ["SViewController": [], "DetailViewController": [], "OverlayViewController": []])
        s.recorder.reset()

        try s.tap("Present", in: "S")

        #expect(s.callbacks == Scenario.forward("PresentationSegue", "present", from: "S", to: "Detail") + ["transition present Detail by nav asked by S"]
            + Scenario.appearance(disappearing: ["nav", "S"], loading: ["Detail"], appearing: ["Detail"]))
        // Full screen: S is covered, not removed; it is still nav's top and Detail's presenter.
        #expect(s.hierarchy == "nav [S] presenting Detail")
        #expect(s.window.presentationStack.map(Scenario.name(of:)) == ["nav", "Detail"])

        // Dismissed, the presenter is back as it was.
        s.recorder.reset()
        try s.controller("Detail").dismiss(animated: true)
        #expect(s.callbacks == ["transition dismiss Detail topmost Detail"] + Scenario.appearance(disappearing: ["Detail"], appearing: ["nav", "S"]))
        #expect(s.hierarchy == "nav [S]")
    }

    @Test("Rule 20: presented over full screen, as the storyboard's segue asks, the presenter stays visible and gets no disappearance")
    func overFullScreenKeepsThePresenterVisible() throws {
        let s = try Scenario("Rule20-PresentModally", classes: ["SViewController": [], "DetailViewController": [], "OverlayViewController": []])
        s.recorder.reset()

        try s.tap("Present Over", in: "S")

        #expect(s.callbacks.filter { $0.hasPrefix("life ") || $0.hasPrefix("transition ") } == [
            "transition present Overlay by nav asked by S",
            "life viewDidLoad Overlay",
            "life viewWillAppear Overlay",
            "life viewDidAppear Overlay",
        ])
        #expect(try s.controller("Overlay").modalPresentationStyle == .overFullScreen)
        #expect(s.hierarchy == "nav [S] presenting Overlay")
    }
}
