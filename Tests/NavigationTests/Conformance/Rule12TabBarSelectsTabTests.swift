import Navigation
import Testing

@MainActor
@Suite("Rule 12, tab bar")
struct Rule12TabBarSelectsTabTests {
    @Test("Rule 12: the transition walks the path from source to destination: a tab bar controller selects the tab that contains it")
    func tabBarSelectsTab() throws {
        let recorder = Recorder()
        let (_, root) = try ContainerFixtures.launch("Rule12-TabBarSelectsTab", recorder: recorder)
        let tabs = try #require(root as? TabBarController)
        tabs.selectedIndex = 1
        try button("Next", in: try root.probe("B")).sendActions()
        let a = try root.probe("A"), b = try root.probe("B"), c = try root.probe("C")
        let navA = try #require(a.navigationController), navB = try #require(c.navigationController)
        a.implemented = ["unwindToA:"]
        recorder.reset()

        c.performSegue(withIdentifier: "toA", sender: nil)

        #expect(recorder.log == [
            "unwindStarted unwindToA: from C",
            "asked B false",
            "asked navB false",
            "asked A true",
            "destination A executor navA",
            "segueCreated UnwindSegue toA C→A",
            "prepare UnwindSegue toA C→A",
            "call prepare on C",
            "action unwindToA: on A",
            "call unwindToA: on A",
            "perform UnwindSegue toA C→A",
            // Only the tab bar is on the path from navB's tab to A: it selects A's tab, and
            // navB, off the path, keeps its stack.
            "transition select tab navA in Tabs",
            "life viewWillDisappear navB",
            "life viewWillDisappear C",
            "call viewWillDisappear C",
            "life viewWillAppear navA",
            "life viewWillAppear A",
            "call viewWillAppear A",
            "life viewIsAppearing navA",
            "life viewIsAppearing A",
            "call viewIsAppearing A",
            "life viewDidDisappear navB",
            "life viewDidDisappear C",
            "call viewDidDisappear C",
            "life viewDidAppear navA",
            "life viewDidAppear A",
            "call viewDidAppear A",
        ])
        #expect(tabs.selectedViewController === navA)
        #expect(tabs.selectedIndex == 0)
        #expect(ids(navB.viewControllers) == ids([b, c]))
        #expect(tabs.viewControllers.map(\.tabBarItem.title) == ["A", "B"])
    }
}
