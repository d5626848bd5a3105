import Navigation
import Testing

/// UIKit's classic collapse. `collapseSecondaryViewController(_:for:)` is "Called when a split
/// view controller transitions to a compact-width size class", and its delegate counterpart
/// asks "to incorporate the secondary view controller into the collapsed interface": a
/// navigation controller primary pushes the secondary, a navigation controller pushed whole,
/// whose top shows under the primary's bar with its own navigation item. Of the Back button,
/// `UINavigationItem.backBarButtonItem`: "When this navigation item is immediately below the top
/// item in the stack, the navigation controller derives the back button for the navigation bar
/// from this navigation item", so Back names the controller below the top, in the detail's
/// stack when it has one. The collapse comes with the trait change, under a presentation too.
@MainActor
@Suite("Conformance: a collapsed split view shows the secondary's bar as UIKit does")
struct RuleCollapsedSplitShowsTheSecondaryTests {
    /// A split view of nav1 [Master] and nav2 [Detail, with a right bar button Edit], regular.
    private func split(recorder: Recorder) -> (split: SplitViewController, nav1: NavigationController, nav2: NavigationController,
                                                detail: Probe, window: Window) {
        let master = Probe("Master", recorder: recorder)
        let detail = Probe("Detail", recorder: recorder)
        detail.navigationItem.title = "Detail"
        detail.navigationItem.rightBarButtonItem = BarButtonItem(title: "Edit")
        master.navigationItem.title = "Master"
        let split = SplitViewController()
        split.title = "split"
        let nav1 = navigation("nav1", [master]), nav2 = navigation("nav2", [detail])
        split.setViewControllers([nav1, nav2])
        let window = window(showing: split, recorder: recorder)
        window.horizontalSizeClass = .regular
        return (split, nav1, nav2, detail, window)
    }

    @Test("Collapsed, the primary's bar shows the secondary's top: its right bar button, and Back titled Master to the primary")
    func barShowsTheSecondary() throws {
        let s = split(recorder: Recorder())
        s.window.horizontalSizeClass = .compact
        #expect(s.nav1.topViewController === s.nav2)
        let lists = s.nav1.barItemLists
        #expect(lists.right.map(\.title) == ["Edit"])
        #expect(lists.isBack && lists.left.first?.title == "Master")
    }

    @Test("After a second push in the collapsed detail, Back names the controller below it in the detail, and pops only it")
    func backAfterASecondPush() throws {
        let s = split(recorder: Recorder())
        s.window.horizontalSizeClass = .compact
        let deeper = Probe("Deeper", recorder: Recorder())
        deeper.navigationItem.title = "Deeper"
        s.detail.show(deeper, sender: nil)
        #expect(s.nav2.viewControllers.map(\.title) == ["Detail", "Deeper"])
        let back = try #require(s.nav1.barItemLists.left.first)
        #expect(back.title == "Detail")
        back.sendActions()
        #expect(s.nav2.viewControllers.map(\.title) == ["Detail"] && s.nav1.topViewController === s.nav2)
        #expect(s.nav1.barItemLists.left.first?.title == "Master")
    }

    @Test("Resized to compact while a presentation covers the split view, it collapses and the trace says so")
    func collapseUnderAPresentation() throws {
        let recorder = Recorder()
        let s = split(recorder: recorder)
        s.split.present(Probe("Sheet", recorder: recorder), animated: false)
        recorder.reset()
        s.window.horizontalSizeClass = .compact
        #expect(s.split.isCollapsed)
        #expect(recorder.transitions.first == "transition collapse split", "\(recorder.transitions)")
    }
}
