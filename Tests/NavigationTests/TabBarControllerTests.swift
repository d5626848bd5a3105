import Navigation
import Testing

@MainActor
@Suite("Tab bar controllers")
struct TabBarControllerTests {
    private func tabs(_ recorder: Recorder) -> (tabs: TabBarController, a: Probe, b: Probe, window: Window) {
        let a = Probe("A", recorder: recorder), b = Probe("B", recorder: recorder)
        let tabs = TabBarController()
        tabs.title = "Tabs"
        tabs.setViewControllers([a, b], animated: false)
        let window = window(showing: tabs, recorder: recorder)
        recorder.reset()
        return (tabs, a, b, window)
    }

    @Test("Only the selected tab appears with the tab bar; switching tabs is one transition, traced")
    func switchingTabs() {
        let recorder = Recorder()
        let (tabs, a, b, _) = tabs(recorder)
        #expect(tabs.selectedViewController === a)
        #expect(a.lifeCycle == ["viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear"])
        #expect(b.lifeCycle.isEmpty)

        tabs.selectedIndex = 1

        #expect(recorder.log == [
            "transition select tab B in Tabs",
            "life viewDidLoad B",
            "call viewDidLoad B",
            "life viewWillDisappear A",
            "call viewWillDisappear A",
            "life viewWillAppear B",
            "call viewWillAppear B",
            "life viewIsAppearing B",
            "call viewIsAppearing B",
            "life viewDidDisappear A",
            "call viewDidDisappear A",
            "life viewDidAppear B",
            "call viewDidAppear B",
        ])
        #expect(tabs.selectedViewController === b)

        // Selecting the selected tab, or an index out of range, does nothing.
        recorder.reset()
        tabs.selectedIndex = 1
        tabs.selectedIndex = 7
        #expect(recorder.log.isEmpty)
    }

    @Test("A tab bar off screen switches tabs without appearance calls")
    func switchingOffScreen() {
        let recorder = Recorder()
        let (tabs, a, b, _) = tabs(recorder)
        let cover = Probe("Cover", recorder: recorder)
        cover.modalPresentationStyle = .fullScreen
        tabs.present(cover, animated: false)
        recorder.reset()

        tabs.selectedViewController = b

        #expect(recorder.log == ["transition select tab B in Tabs"])
        #expect(a.lifeCycle.last == "viewDidDisappear")
        #expect(b.lifeCycle.isEmpty)
    }

    @Test("Replacing the tabs keeps the selected one when it stays, and shows the first otherwise")
    func replacingTabs() {
        let recorder = Recorder()
        let (tabs, a, b, _) = tabs(recorder)
        let c = Probe("C", recorder: recorder)

        tabs.setViewControllers([c, a], animated: false)
        #expect(tabs.selectedViewController === a)
        #expect(tabs.selectedIndex == 1)
        #expect(b.parent == nil)

        tabs.setViewControllers([b, c], animated: false)
        #expect(tabs.selectedViewController === b)
        #expect(a.lifeCycle.last == "viewDidDisappear")
        #expect(b.lifeCycle.last == "viewDidAppear")
        #expect(b.tabBarController === tabs)
    }

    @Test("An over-current-context presentation leaves its context on screen underneath")
    func overCurrentContext() {
        let recorder = Recorder()
        let (tabs, a, _, window) = tabs(recorder)
        a.definesPresentationContext = true
        let sheet = Probe("Sheet", recorder: recorder)
        sheet.modalPresentationStyle = .overCurrentContext
        recorder.reset()

        a.present(sheet, animated: false)

        #expect(recorder.log == [
            "transition present Sheet by A",
            "life viewDidLoad Sheet",
            "call viewDidLoad Sheet",
            "life viewWillAppear Sheet",
            "call viewWillAppear Sheet",
            "life viewIsAppearing Sheet",
            "call viewIsAppearing Sheet",
            "life viewDidAppear Sheet",
            "call viewDidAppear Sheet",
        ])
        #expect(sheet.presentationContext === a)
        #expect(ids(window.presentationStack) == ids([tabs, sheet]))

        // Switching tabs takes both A and the sheet over it off screen.
        recorder.reset()
        tabs.selectedIndex = 1
        #expect(a.lifeCycle.last == "viewDidDisappear")
        #expect(sheet.lifeCycle.last == "viewDidDisappear")
        #expect(ids(window.presentationStack) == ids([tabs]))
    }
}
