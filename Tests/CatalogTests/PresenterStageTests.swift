import App
import Navigation
import Terminal
import TestSupport
import Testing

/// What the room sees at the README's size, 120x30, with the inspector open: the containers the
/// catalog teaches show as themselves. The inspector is the presenter's, beside the app: the
/// window's width class is the terminal's, so the panel collapses no split view and adapts no
/// popover.
@MainActor
@Suite("The presenter's stage")
struct PresenterStageTests {
    @Test("At 120x30 with the inspector, the Split tab shows its split view expanded, both columns side by side")
    func splitViewExpandedBesideTheInspector() throws {
        let catalog = try CatalogHarness(size: Size(width: 120, height: 30), keys: "<f2>4")
        let split = try #require(catalog.tabBar.selectedViewController as? SplitViewController)
        #expect(!split.isCollapsed)
        let top = catalog.lines.first ?? ""
        #expect(top.contains("Split") && top.contains("Detail") && top.contains("Inspector"), "\(catalog.text)")
        #expect(catalog.flatText.contains("SplitViewController ‹ selected tab") && catalog.flatText.contains("(expanded)") && !catalog.flatText.contains("(collapsed)"), "\(catalog.text)")
    }

    @Test("At 120x30 with the inspector, Present as Popover shows a popover, not a full-screen modal")
    func popoverBesideTheInspector() throws {
        let catalog = try CatalogHarness(size: Size(width: 120, height: 30), keys: "<f2>3p")
        let popover = try #require(catalog.window.topViewController)
        #expect(popover.modalPresentationStyle == .popover && popover.adaptivePresentationStyle == .popover)
        #expect(!catalog.flatText.contains("shown fullScreen"), "\(catalog.text)")
    }
}

extension PresenterStageTests {
    @Test("A click outside a popover closes it, as a tap outside does on an iPad, and presses nothing under it")
    func clickOutsidePopoverClosesIt() throws {
        let catalog = try CatalogHarness(size: Size(width: 120, height: 30), keys: "3p")
        #expect(catalog.window.topViewController?.modalPresentationStyle == .popover)
        catalog.clearEvents()
        // On the Modal button, above the popover's box: the click must not press it.
        let modal = try #require(catalog.lines.firstIndex { $0.contains("[ Modal ]") })
        let column = try #require(catalog.lines[modal].range(of: "Modal")).lowerBound.utf16Offset(in: catalog.lines[modal])
        try catalog.run("<click \(column) \(modal)>")
        #expect(catalog.window.presentationStack.count == 1, "\(catalog.text)")
        #expect(!catalog.events.contains { if case .unwindStarted = $0 { true } else { false } })
        #expect(catalog.window.topViewController?.presentedViewController == nil)
        #expect(!catalog.text.contains("A popover, anchored"), "\(catalog.text)")
    }

    @Test("A click inside a popover presses what is there, and leaves the popover up")
    func clickInsidePopoverStays() throws {
        let catalog = try CatalogHarness(size: Size(width: 120, height: 30), keys: "3p")
        let line = try #require(catalog.lines.firstIndex { $0.contains("A popover, anchored") })
        let column = try #require(catalog.lines[line].range(of: "A popover")).lowerBound.utf16Offset(in: catalog.lines[line])
        try catalog.run("<click \(column + 2) \(line)>")
        #expect(catalog.window.topViewController?.modalPresentationStyle == .popover, "\(catalog.text)")
    }
}

extension PresenterStageTests {
    @Test("A tab switch is not animated, as in UIKit: with slow animations, the frame right after 2 is the Push tab, whole")
    func tabSwitchIsNotAnimated() throws {
        let catalog = try CatalogHarness(size: Size(width: 120, height: 30), keys: "")
        catalog.app.animator.speed = .slow
        try catalog.run("3<wait 2>2<wait 0.25>")
        #expect(!catalog.app.animator.isAnimating)
        let instant = try CatalogHarness(size: Size(width: 120, height: 30), keys: "32")
        #expect(catalog.text == instant.text)
    }
}

extension PresenterStageTests {
    @Test("The inspector folds the tabs not shown and keeps the shown branch in view: after 5fnn at 120x30 the fade container and its pages show")
    func inspectorFollowsTheSelectedTab() throws {
        let catalog = try CatalogHarness(size: Size(width: 120, height: 30), keys: "<f2>5fnn")
        let text = catalog.flatText
        #expect(text.contains("‹ tab \"Push\" +1") && text.contains("‹ selected tab"), "\(catalog.text)")
        #expect(text.contains("\"Fade Container\" ‹ top"), "\(catalog.text)")
    }
}
