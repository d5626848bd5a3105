import Navigation
import Testing

/// A presentation controller's delegate that records what UIKit tells it, in the recorder's log.
@MainActor
final class PresentationDelegateProbe: AdaptivePresentationControllerDelegate {
    let recorder: Recorder
    /// What `presentationControllerShouldDismiss` answers.
    var shouldDismiss = true

    init(recorder: Recorder) { self.recorder = recorder }

    func presentationControllerShouldDismiss(_ presentationController: PresentationController) -> Bool {
        recorder.call("delegate shouldDismiss")
        return shouldDismiss
    }
    func presentationControllerWillDismiss(_ presentationController: PresentationController) { recorder.call("delegate willDismiss") }
    func presentationControllerDidDismiss(_ presentationController: PresentationController) { recorder.call("delegate didDismiss") }
    func presentationControllerDidAttemptToDismiss(_ presentationController: PresentationController) {
        recorder.call("delegate didAttemptToDismiss")
    }
}

/// Rule 29: sheets, as iOS 13 and later run them on an iPhone held upright.
@MainActor
@Suite("Conformance: rule 29")
struct RuleSheetsPullDownTests {
    /// A stack of Home, showing Home, and a sheet presented by Home: a navigation controller
    /// whose root is Form, presented with Xcode's default style.
    private func sheet(_ recorder: Recorder, system: SystemVersion = .iOS18) -> (window: Window, home: Probe, sheet: NavigationController, form: Probe) {
        let home = Probe("Home", recorder: recorder)
        let stack = navigation("stack", [home])
        let window = window(showing: stack, recorder: recorder)
        window.systemVersion = system
        let form = Probe("Form", recorder: recorder)
        let sheet = navigation("sheet", [form])
        home.present(sheet, animated: true)
        recorder.reset()
        return (window, home, sheet, form)
    }

    /// Apple's page for `UIModalPresentationStyle.automatic`: a page sheet before iOS 18, a
    /// form sheet from iOS 18; either way a card that leaves the presenter in the window.
    @Test("Rule 29: a sheet keeps its presenter on screen: Home gets no appearance call when the sheet comes or goes, and the sheet is a page sheet on iOS 17, a form sheet on iOS 18")
    func sheetKeepsThePresenter() {
        for (system, style) in [(SystemVersion.iOS17, ModalPresentationStyle.pageSheet), (.iOS18, .formSheet)] {
            let recorder = Recorder()
            let (window, home, sheet, _) = sheet(recorder, system: system)
            #expect(sheet.adaptivePresentationStyle == style)
            #expect(home.lifeCycle == ["viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear"], "Home appeared once, at launch")
            #expect(window.pullableSheet === sheet)

            sheet.dismiss(animated: true)
            #expect(home.lifeCycle == ["viewDidLoad", "viewWillAppear", "viewIsAppearing", "viewDidAppear"])
            #expect(recorder.log.filter { $0.hasPrefix("life ") } == [
                "life viewWillDisappear sheet", "life viewWillDisappear Form", "life viewDidDisappear sheet", "life viewDidDisappear Form",
            ])
        }
    }

    /// Apple's pages for `presentationControllerWillDismiss(_:)` and
    /// `presentationControllerDidDismiss(_:)`: "The system calls this method only in response to
    /// user actions" and not for a dismissal in code; the dismissal "occurs after this method
    /// returns" for WillDismiss.
    @Test("Rule 29: pulled down, a sheet is dismissed with no segue, no prepare and no unwind action; the delegate hears ShouldDismiss, WillDismiss, then DidDismiss after the dismissal")
    func pullDownDismissesWithoutAnUnwind() {
        let recorder = Recorder()
        let (window, home, sheet, form) = sheet(recorder)
        let delegate = PresentationDelegateProbe(recorder: recorder)
        form.presentationController?.delegate = delegate
        #expect(sheet.presentationController === form.presentationController, "the stack's controllers share the sheet's")

        #expect(window.pullDownTopSheet())

        #expect(recorder.log == [
            "call delegate shouldDismiss",
            "presentationControllerShouldDismiss sheet delegate PresentationDelegateProbe",
            "presentationControllerWillDismiss sheet delegate PresentationDelegateProbe",
            "call delegate willDismiss",
            "pullDown sheet began",
            "life viewWillDisappear sheet", "life viewWillDisappear Form", "call viewWillDisappear Form",
            "transition dismiss sheet topmost sheet",
            "life viewDidDisappear sheet", "life viewDidDisappear Form", "call viewDidDisappear Form",
            "pullDown sheet dismissed(unwindActionsNotCalled: [])",
            "presentationControllerDidDismiss sheet delegate PresentationDelegateProbe",
            "call delegate didDismiss",
        ])
        #expect(home.presentedViewController == nil && window.presentationStack.count == 1)
        #expect(!recorder.log.contains { $0.hasPrefix("unwind") || $0.hasPrefix("prepare") || $0.hasPrefix("call prepare") })
        #expect(home.lifeCycle.last == "viewDidAppear", "Home never went")
    }

    /// Apple's page for `isModalInPresentation`: "UIKit ignores events outside the view
    /// controller's bounds and prevents the interactive dismissal of the view controller while
    /// it is onscreen"; for `presentationControllerDidAttemptToDismiss(_:)`: called when
    /// "isModalInPresentation is true, or presentationControllerShouldDismiss(_:) returns false".
    @Test("Rule 29: with isModalInPresentation, on the sheet or on the controller it shows, the pull is refused before the delegate is asked: DidAttemptToDismiss, and the sheet stays")
    func modalInPresentationRefusesThePull() {
        for onChild in [false, true] {
            let recorder = Recorder()
            let (window, _, sheet, form) = sheet(recorder)
            let delegate = PresentationDelegateProbe(recorder: recorder)
            sheet.presentationController?.delegate = delegate
            if onChild { form.isModalInPresentation = true } else { sheet.isModalInPresentation = true }

            #expect(!window.pullDownTopSheet())

            #expect(recorder.log == [
                "pullDown sheet refused(byModalInPresentation: true)",
                "presentationControllerDidAttemptToDismiss sheet delegate PresentationDelegateProbe",
                "call delegate didAttemptToDismiss",
            ])
            #expect(window.topViewController === sheet && form.lifeCycle.last == "viewDidAppear")
        }
    }

    @Test("Rule 29: a delegate whose presentationControllerShouldDismiss returns false refuses the pull: DidAttemptToDismiss, and the sheet stays")
    func shouldDismissFalseRefusesThePull() {
        let recorder = Recorder()
        let (window, _, sheet, _) = sheet(recorder)
        let delegate = PresentationDelegateProbe(recorder: recorder)
        delegate.shouldDismiss = false
        sheet.presentationController?.delegate = delegate

        #expect(!window.pullDownTopSheet())

        #expect(recorder.log == [
            "call delegate shouldDismiss",
            "presentationControllerShouldDismiss sheet delegate PresentationDelegateProbe → false",
            "pullDown sheet refused(byModalInPresentation: false)",
            "presentationControllerDidAttemptToDismiss sheet delegate PresentationDelegateProbe",
            "call delegate didAttemptToDismiss",
        ])
        #expect(window.topViewController === sheet)
    }

    /// Apple's page for `presentationControllerShouldDismiss(_:)`: it "may be called at any
    /// time… is not always followed by" the will and did calls.
    @Test("Rule 29: let go before a third of the card, the sheet springs back: WillDismiss and no DidDismiss; its controllers disappear and appear again, the presenter hears nothing")
    func shortPullSpringsBack() {
        let recorder = Recorder()
        let (window, home, sheet, form) = sheet(recorder)
        let delegate = PresentationDelegateProbe(recorder: recorder)
        sheet.presentationController?.delegate = delegate

        #expect(window.beginPullDown() && window.isPullingDown)
        window.endPullDown(dismissing: false)

        #expect(!window.isPullingDown && window.topViewController === sheet)
        #expect(recorder.log.filter { $0.hasPrefix("call delegate") } == ["call delegate shouldDismiss", "call delegate willDismiss"])
        #expect(recorder.log.contains("pullDown sheet sprangBack"))
        #expect(form.lifeCycle.suffix(4) == ["viewWillDisappear", "viewWillAppear", "viewIsAppearing", "viewDidAppear"])
        #expect(home.lifeCycle.last == "viewDidAppear" && home.lifeCycle.count == 4)
        #expect(delegate.shouldDismiss, "held to the end: the presentation controller holds its delegate weakly")
    }

    @Test("Rule 29: a dismissal in code, an unwind's included, never calls presentationControllerDidDismiss")
    func programmaticDismissalIsNotAPull() {
        let recorder = Recorder()
        let (_, _, sheet, form) = sheet(recorder)
        let delegate = PresentationDelegateProbe(recorder: recorder)
        sheet.presentationController?.delegate = delegate

        form.dismiss(animated: true)

        #expect(recorder.log.contains("transition dismiss sheet topmost sheet"))
        #expect(!recorder.log.contains { $0.contains("delegate") || $0.hasPrefix("pullDown") })
    }

    /// Apple's page for `formSheet`: "In a horizontally compact and vertically regular environment,
    /// … the view's background is visible at the top"; "In a vertically compact environment, the
    /// presentation is full screen".
    @Test("Rule 29: in a compact height the sheet is full screen: its presenter disappears, and there is nothing to pull")
    func compactHeightIsFullScreen() {
        let recorder = Recorder()
        let home = Probe("Home", recorder: recorder)
        let window = window(showing: navigation("stack", [home]), recorder: recorder)
        window.verticalSizeClass = .compact
        let sheet = Probe("Sheet", recorder: recorder)

        home.present(sheet, animated: true)

        #expect(sheet.adaptivePresentationStyle == .fullScreen)
        #expect(home.lifeCycle.last == "viewDidDisappear")
        #expect(window.pullableSheet == nil && !window.pullDownTopSheet())
    }

    @Test("Rule 30: pulling Contacts down calls no cancel: (the trace names it as not called), and the wallet, never gone, gets no viewWillAppear")
    func pullingContactsDownIsNoCancel() throws {
        let s = try Scenario(walletShaped: "Rule26-CancelOnContacts")
        try s.tap("New Transfer", in: "Wallet")
        let wallet = try #require(try s.controller("Wallet") as? WalletLikeViewController)
        s.recorder.reset()

        #expect(s.window.pullDownTopSheet())

        let dismissed = s.recorder.events.compactMap { event -> [Selector]? in
            if case .pullDown(_, .dismissed(let actions)) = event { return actions }
            return nil
        }
        #expect(dismissed == [["cancel:"]])
        #expect(wallet.received.isEmpty, "cancel: was not called")
        #expect(!s.recorder.log.contains { $0.contains("viewWillAppear Wallet") })
        #expect(s.hierarchy == "nav1 [Wallet]")
    }
}
