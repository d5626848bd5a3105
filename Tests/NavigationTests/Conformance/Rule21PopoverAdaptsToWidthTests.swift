import Navigation
import Testing

@MainActor
@Suite("Rule 21")
struct Rule21PopoverAdaptsToWidthTests {
    /// Apple's page for `UIModalPresentationStyle.popover`: "In a horizontally regular environment, a
    /// popover-style presentation… In a horizontally compact environment, the popover adapts to
    /// UIModalPresentationStyle.fullScreen by default"; "In iOS 13 and later, in horizontally or
    /// vertically compact environments, it behaves the same as formSheet".
    @Test("Rule 21: Present as Popover: a popover when the size class is regular, a form sheet when the width is compact (iOS 13 and later); resizing the terminal changes the adaptation")
    func popoverAdapts() throws {
        let recorder = Recorder()
        let (window, root) = try ContainerFixtures.launch("Rule21-PopoverAdaptsToWidth", sizeClass: .regular, recorder: recorder)
        let host = try root.probe("Host")
        let info = try button("Info", in: host)
        recorder.reset()

        info.sendActions()

        #expect(recorder.log == Scenario.forward("PopoverSegue", "info", from: "Host", to: "Pop") + [
            "transition present Pop by Host",
            // A popover leaves its presenter on screen: Host gets no disappearance.
            "life viewDidLoad Pop",
            "call viewDidLoad Pop",
            "life viewWillAppear Pop",
            "call viewWillAppear Pop",
            "life viewIsAppearing Pop",
            "call viewIsAppearing Pop",
            "life viewDidAppear Pop",
            "call viewDidAppear Pop",
        ])
        let pop = try root.probe("Pop")
        #expect(pop.modalPresentationStyle == .popover)
        #expect(pop.adaptivePresentationStyle == .popover)
        #expect(pop.popoverPresentationController?.sourceView === info)
        #expect(ids(window.presentationStack) == ids([host, pop]))

        // Narrowed, the popover behaves as a form sheet; as in UIKit, adapting a presentation
        // sends no appearance calls. Widened again, it is a popover again.
        recorder.reset()
        window.horizontalSizeClass = .compact
        #expect(recorder.log == ["transition adapt Pop to formSheet"])
        #expect(pop.adaptivePresentationStyle == .formSheet)
        // In a compact height as well, the form sheet is full screen.
        recorder.reset()
        window.verticalSizeClass = .compact
        #expect(recorder.log == ["transition adapt Pop to fullScreen"])
        window.verticalSizeClass = .regular
        recorder.reset()
        recorder.reset()
        window.horizontalSizeClass = .regular
        #expect(recorder.log == ["transition adapt Pop to popover"])
        #expect(pop.adaptivePresentationStyle == .popover)
    }

    @Test("Rule 21: presented in a compact width on iOS 13 and later, a popover is a form sheet from the start: its presenter stays on screen, with no appearance call, and the sheet can be pulled down")
    func compactPopoverIsAFormSheet() throws {
        let recorder = Recorder()
        let (window, root) = try ContainerFixtures.launch("Rule21-PopoverAdaptsToWidth", sizeClass: .compact, recorder: recorder)
        let host = try root.probe("Host")
        host.implemented = ["unwindToHost:"]
        recorder.reset()
        try button("Info", in: host).sendActions()
        let pop = try root.probe("Pop")
        #expect(pop.adaptivePresentationStyle == .formSheet)
        #expect(!host.lifeCycle.contains("viewWillDisappear"))
        #expect(window.pullableSheet === pop)

        pop.performSegue(withIdentifier: "done", sender: nil)

        #expect(recorder.transitions.suffix(1) == ["transition dismiss Pop topmost Pop"])
        #expect(host.presentedViewController == nil)
        #expect(host.lifeCycle.suffix(2) == ["viewIsAppearing", "viewDidAppear"], "nothing since launch")
    }

    @Test("Rule 21: presented in a compact width on iOS 12, a popover is a full-screen modal from the start: its presenter disappears, and reappears when it goes")
    func compactPopoverIsFullScreenOnIOS12() throws {
        let recorder = Recorder()
        let (window, root) = try ContainerFixtures.launch("Rule21-PopoverAdaptsToWidth", sizeClass: .compact, recorder: recorder)
        window.systemVersion = .iOS12
        let host = try root.probe("Host")
        host.implemented = ["unwindToHost:"]
        try button("Info", in: host).sendActions()
        let pop = try root.probe("Pop")
        #expect(pop.adaptivePresentationStyle == .fullScreen)
        #expect(host.lifeCycle.suffix(2) == ["viewWillDisappear", "viewDidDisappear"])
        recorder.reset()

        pop.performSegue(withIdentifier: "done", sender: nil)

        #expect(recorder.transitions == ["transition dismiss Pop topmost Pop"])
        #expect(host.presentedViewController == nil)
        #expect(host.lifeCycle.suffix(2) == ["viewIsAppearing", "viewDidAppear"])
        #expect(host.lifeCycle.suffix(3).first == "viewWillAppear")
    }
}
