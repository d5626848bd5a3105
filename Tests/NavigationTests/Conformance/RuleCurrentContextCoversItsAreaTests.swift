@testable import Navigation
import Testing

/// UIKit's `UIModalPresentationStyle.currentContext`: "the current view controller's content is
/// displayed over the view controller whose definesPresentationContext property is true"; "The
/// views belonging to the presenting view controller are removed after the presentation
/// completes", and those only. So a presentation over a child that defines the context covers
/// that child's area alone, and only that area is modal: the rest of the screen (the other
/// column of a split view, the parent's other controls) stays on screen and in use, and a push
/// can happen beneath while the presentation stays. The screen's levels are the presentation
/// stack without it (`Window.screenLevels`): it is a part of the level it covers.
@MainActor
@Suite("Conformance: a current-context presentation covers its context's area only")
struct RuleCurrentContextCoversItsAreaTests {
    @Test("Over an embedded child in a split view's secondary column: the master column stays in use, and pushes while the presentation stays")
    func otherColumnStaysInUse() throws {
        let recorder = Recorder()
        let master = Probe("Master", recorder: recorder)
        let detail = Probe("Detail", recorder: recorder)
        let child = Probe("Child", recorder: recorder)
        child.definesPresentationContext = true
        detail.addChild(child)
        let split = SplitViewController()
        split.title = "split"
        let nav1 = navigation("nav1", [master])
        split.setViewControllers([nav1, navigation("nav2", [detail])])
        let window = window(showing: split, recorder: recorder)
        window.horizontalSizeClass = .regular
        let cover = Probe("Cover", recorder: recorder)
        cover.modalPresentationStyle = .currentContext
        recorder.reset()

        child.present(cover, animated: false)
        #expect(cover.presentingViewController === child && cover.presentationContext === child)
        #expect(window.presentationStack.map(\.title) == ["split", "Cover"])
        #expect(window.screenLevels.map(\.title) == ["split"], "the cover is a part of the split's level, not a level over it")
        #expect(child.currentContextPresentation === cover)
        // Only the child's views are removed; the master column and Detail stay appeared.
        #expect(!child.isAppearingOrAppeared && master.isAppearingOrAppeared && detail.isAppearingOrAppeared)

        let pushed = Probe("Pushed", recorder: recorder)
        master.show(pushed, sender: nil)
        #expect(nav1.topViewController === pushed && pushed.isAppearingOrAppeared)
        #expect(child.presentedViewController === cover && window.presentationStack.last === cover, "the presentation stays")
    }

    @Test("A full-screen presentation is still a level of its own over everything")
    func fullScreenIsALevel() {
        let recorder = Recorder()
        let root = Probe("Root", recorder: recorder)
        let window = window(showing: root, recorder: recorder)
        let sheet = Probe("Sheet", recorder: recorder)
        root.present(sheet, animated: false)
        #expect(window.screenLevels.map(\.title) == ["Root", "Sheet"])
    }
}
