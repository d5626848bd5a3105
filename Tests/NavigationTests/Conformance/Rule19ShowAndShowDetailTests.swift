import Navigation
import Testing

@MainActor
@Suite("Rule 19")
struct Rule19ShowAndShowDetailTests {
    @Test("Rule 19: Show pushes when the source is inside a navigation controller, otherwise presents modally; Show Detail replaces the detail of a split view controller, otherwise presents modally")
    func showAndShowDetail() throws {
        let recorder = Recorder()
        let (window, root) = try ContainerFixtures.launch("Rule19-ShowAndShowDetail", sizeClass: .regular, recorder: recorder)
        let split = try #require(root as? SplitViewController)
        let m = try root.probe("M"), d1 = try root.probe("D1")
        let navM = try #require(m.navigationController)
        #expect(ids(split.viewControllers) == ids([navM, d1]))
        recorder.reset()

        try button("Show Detail", in: m).sendActions()

        #expect(recorder.log == Scenario.forward("ShowDetailSegue", "showDetail", from: "M", to: "D2") + [
            "transition show detail D2 in Split",
            "life viewDidLoad D2",
            "call viewDidLoad D2",
            "life viewWillDisappear D1",
            "call viewWillDisappear D1",
            "life viewWillAppear D2",
            "call viewWillAppear D2",
            "life viewIsAppearing D2",
            "call viewIsAppearing D2",
            "life viewDidDisappear D1",
            "call viewDidDisappear D1",
            "life viewDidAppear D2",
            "call viewDidAppear D2",
        ])
        let d2 = try root.probe("D2")
        #expect(ids(split.viewControllers) == ids([navM, d2]))
        #expect(d1.parent == nil)
        #expect(ids(navM.viewControllers) == ids([m]))

        // Show, inside the primary's navigation controller, pushes.
        recorder.reset()
        try button("Show", in: m).sendActions()
        #expect(recorder.transitions.first?.hasPrefix("transition push D2 onto navM") == true, "\(recorder.transitions)")
        #expect(navM.viewControllers.count == 2)

        // Outside any navigation or split view controller, both present modally.
        let lone = try #require(m.storyboard?.instantiateViewController(withIdentifier: "lone") as? Probe)
        window.rootViewController = lone
        window.makeKeyAndVisible()
        for title in ["Show Detail", "Show"] {
            recorder.reset()
            try button(title, in: lone).sendActions()
            #expect(recorder.transitions == ["transition present D2 by Lone"], "\(title)")
            lone.presentedViewController?.dismiss(animated: false)
        }
    }

    @Test("Rule 19: in a compact width a split view is collapsed: Show Detail pushes the detail onto the primary's navigation stack")
    func showDetailWhenCollapsed() throws {
        let recorder = Recorder()
        let (_, root) = try ContainerFixtures.launch("Rule19-ShowAndShowDetail", sizeClass: .compact, recorder: recorder)
        let split = try #require(root as? SplitViewController)
        let m = try root.probe("M"), d1 = try root.probe("D1")
        let navM = try #require(m.navigationController)
        #expect(split.isCollapsed)
        #expect(ids(split.viewControllers) == ids([navM]))
        #expect(ids(navM.viewControllers) == ids([m, d1]))
        recorder.reset()

        try button("Show Detail", in: m).sendActions()

        #expect(recorder.transitions == ["transition push D2 onto navM"])
        let d2 = try root.probe("D2")
        #expect(ids(navM.viewControllers) == ids([m, d1, d2]))
    }
}
