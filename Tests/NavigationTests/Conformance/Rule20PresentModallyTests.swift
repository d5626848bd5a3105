import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 20")
struct Rule20PresentModallyTests {
    /// Apple's page for `UIModalPresentationStyle.automatic`: "For most view controllers, UIKit
    /// maps this style to the UIModalPresentationStyle.pageSheet style, but some system view
    /// controllers may map it to a different style"; from iOS 18 it is a form sheet. Apple's page
    /// for `formSheet`: in a compact height it is full screen.
    @Test("Rule 20: Present Modally with Automatic, Xcode's default, is a form sheet on iOS 18 and a page sheet on iOS 17: the presenter stays on screen, with no appearance call either way")
    func automaticIsASheet() throws {
        for (system, style) in [(SystemVersion.iOS18, ModalPresentationStyle.formSheet), (.iOS17, .pageSheet)] {
            let s = try Scenario("Rule20-PresentModally", classes: ["SViewController": [], "DetailViewController": [], "OverlayViewController": []])
            s.window.systemVersion = system
            s.recorder.reset()

            try s.tap("Present", in: "S")

            let detail = try s.controller("Detail")
            #expect(detail.modalPresentationStyle == .automatic)
            #expect(detail.adaptivePresentationStyle == style)
            #expect(s.callbacks == Scenario.forward("PresentationSegue", "present", from: "S", to: "Detail") + ["transition present Detail by nav asked by S"]
                + Scenario.appearance(loading: ["Detail"], appearing: ["Detail"], presentation: true))
            #expect(s.hierarchy == "nav [S] presenting Detail")

            // Dismissed, nothing appears again: nothing had gone.
            s.recorder.reset()
            detail.dismiss(animated: true)
            #expect(s.callbacks == ["transition dismiss Detail topmost Detail"] + Scenario.appearance(disappearing: ["Detail"], presentation: true))
            #expect(s.hierarchy == "nav [S]")
        }
    }

    @Test("Rule 20: on iOS 12, or in a compact height, Automatic covers the screen: the presenter disappears (the presented controller's viewDidAppear before the presenter's viewDidDisappear) and appears again when it goes")
    func automaticCoversTheScreenOnIOS12() throws {
        for compactHeight in [false, true] {
            let s = try Scenario("Rule20-PresentModally", classes: ["SViewController": [], "DetailViewController": [], "OverlayViewController": []])
            if compactHeight { s.window.verticalSizeClass = .compact } else { s.window.systemVersion = .iOS12 }
            s.recorder.reset()

            try s.tap("Present", in: "S")

            #expect(try s.controller("Detail").adaptivePresentationStyle == .fullScreen)
            #expect(s.callbacks == Scenario.forward("PresentationSegue", "present", from: "S", to: "Detail") + ["transition present Detail by nav asked by S"]
                + Scenario.appearance(disappearing: ["nav", "S"], loading: ["Detail"], appearing: ["Detail"], presentation: true))
            // S is covered, not removed: it is still nav's top and Detail's presenter.
            #expect(s.hierarchy == "nav [S] presenting Detail")
            #expect(s.window.presentationStack.map(Scenario.name(of:)) == ["nav", "Detail"])

            s.recorder.reset()
            try s.controller("Detail").dismiss(animated: true)
            #expect(s.callbacks == ["transition dismiss Detail topmost Detail"]
                + Scenario.appearance(disappearing: ["Detail"], appearing: ["nav", "S"], presentation: true))
            #expect(s.hierarchy == "nav [S]")
        }
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
            "life viewIsAppearing Overlay",
            "life viewDidAppear Overlay",
        ])
        #expect(try s.controller("Overlay").modalPresentationStyle == .overFullScreen)
        #expect(s.hierarchy == "nav [S] presenting Overlay")
    }
}
