import Navigation
import Testing

/// Item 2 of issue 6: a segue's process is a sequence of real steps that a runner can run one
/// at a time; with and without stepping the events are the same, in the same order, and the
/// hierarchy between two steps is the real intermediate one.
@MainActor
@Suite("Stepping through a segue")
struct SegueSteppingTests {
    // MARK: Scenarios

    /// A hierarchy on screen and the segue it performs.
    private struct Scenario {
        let recorder: Recorder
        let window: Window
        let trigger: () throws -> Void
    }

    /// What running a scenario gave: the log of events and calls, and, when stepped, the steps
    /// the runner was told of before running each.
    private struct Outcome {
        let log: [String]
        let steps: [String]
        let processes: [SegueProcess]
    }

    /// Runs the scenario without a runner, then, built afresh, with a runner stepping one step
    /// at a time; checks that both logs are equal and returns the stepped outcome.
    private func runBothWays(_ make: () throws -> Scenario, sourceLocation: SourceLocation = #_sourceLocation) throws -> Outcome {
        let plain = try make()
        try plain.trigger()

        let stepped = try make()
        let runner = SteppingRunner()
        stepped.window.segueProcessRunner = runner
        try stepped.trigger()

        #expect(!stepped.recorder.log.isEmpty, sourceLocation: sourceLocation)
        #expect(stepped.recorder.log == plain.recorder.log, "the events with stepping are the events without", sourceLocation: sourceLocation)
        #expect(runner.processes.allSatisfy { $0.isFinished }, sourceLocation: sourceLocation)
        for process in runner.processes {
            #expect(process.completedSteps == runner.announced.filter { step in process.completedSteps.contains(step) },
                    sourceLocation: sourceLocation)
        }
        #expect(stepped.window.activeSegueProcess == nil, sourceLocation: sourceLocation)
        return Outcome(log: stepped.recorder.log, steps: runner.announced.map(render), processes: runner.processes)
    }

    private func walletShaped(amount: Bool) throws -> WalletShapedHierarchy {
        try WalletShapedHierarchy(pushingAmount: amount)
    }

    /// Where the tests of a paused unwind start: A, which implements x:, under S in nav1, in a
    /// window whose segues a runner holds between steps; the recorder cleared.
    private func pausedUnwindStage() throws -> (Recorder, Probe, SourceViewController, NavigationController, Window, SteppingRunner) {
        let recorder = Recorder()
        let a = Probe("A", implements: ["x:"], recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        let nav1 = navigation("nav1", [a, source])
        let window = window(showing: nav1, recorder: recorder)
        let runner = SteppingRunner(runsAtOnce: false)
        window.segueProcessRunner = runner
        recorder.reset()
        return (recorder, a, source, nav1, window, runner)
    }

    private func send() throws -> Scenario {
        let h = try walletShaped(amount: true)
        let amount = try #require(h.amount)
        return Scenario(recorder: h.recorder, window: h.window) {
            amount.performSegue(withIdentifier: "SendTransactionSegue", sender: SimulatedBank.Receipt(cents: 25_00))
        }
    }

    private func cancel() throws -> Scenario {
        let h = try walletShaped(amount: false)
        let cancel = try #require(h.contacts.navigationItem.leftBarButtonItem)
        return Scenario(recorder: h.recorder, window: h.window) { cancel.sendActions() }
    }

    /// nav [S], S's button `title` triggering a forward segue.
    private func forward(_ title: String, shouldPerform: Bool = true) throws -> Scenario {
        let recorder = Recorder()
        let source = try Fixtures.source("S", recorder: recorder)
        source.shouldPerformAnswer = shouldPerform
        let window = window(showing: navigation("nav", [source]), recorder: recorder)
        recorder.reset()
        let button = try button(title, in: source)
        return Scenario(recorder: recorder, window: window) { button.sendActions() }
    }

    /// nav1 [A (implements x:), S], S's Unwind X button.
    private func unwindX(shouldPerform: Bool = true) throws -> Scenario {
        let recorder = Recorder()
        let a = Probe("A", implements: ["x:"], recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        source.shouldPerformAnswer = shouldPerform
        let window = window(showing: navigation("nav1", [a, source]), recorder: recorder)
        recorder.reset()
        let button = try button("Unwind X", in: source)
        return Scenario(recorder: recorder, window: window) { button.sendActions() }
    }

    /// nav1 [A] presents nav2 [B, S]; S unwinds an action nobody implements.
    private func nobodyAccepts() throws -> Scenario {
        let recorder = Recorder()
        let a = Probe("A", recorder: recorder)
        let window = window(showing: navigation("nav1", [a]), recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        a.present(navigation("nav2", [Probe("B", recorder: recorder), source]), animated: false)
        recorder.reset()
        return Scenario(recorder: recorder, window: window) { source.performSegue(withIdentifier: "nobody", sender: nil) }
    }

    /// legacy [A, B, S], both A and B implementing x:; legacy searches bottom up and makes its own segue.
    private func legacyExecutor() throws -> Scenario {
        let recorder = Recorder()
        let source = try Fixtures.source("S", recorder: recorder)
        let legacy = LegacyNavigationController()
        legacy.title = "legacy"
        legacy.recorder = recorder
        legacy.setViewControllers([Probe("A", implements: ["x:"], recorder: recorder),
                                   Probe("B", implements: ["x:"], recorder: recorder), source], animated: false)
        let window = window(showing: legacy, recorder: recorder)
        recorder.reset()
        return Scenario(recorder: recorder, window: window) { source.performSegue(withIdentifier: "x", sender: nil) }
    }

    // MARK: The steps, and the events with and without stepping

    @Test("Rule 9: Send steps through the search level by level, then prepare, the action, the reveal and one dismissal; its events are those without stepping")
    func sendSteps() throws {
        let outcome = try runBothWays(send)
        let segue = "UnwindSegue SendTransactionSegue Amount→Wallet"
        #expect(outcome.steps == [
            "ask nav2",
            // nav1, which covers the screen, made the modal, but Wallet asked for it: the
            // search's next level is Wallet (rule 1), which accepts.
            "ask Wallet",
            "prepare \(segue)",
            "action sendTransaction: on Wallet",
            "reveal Wallet in nav1",
            "dismiss nav2",
        ])
        let process = try #require(outcome.processes.first)
        #expect(outcome.processes.count == 1)
        #expect(!process.wasAborted && process.nextStep == nil)
        guard case .unwind(let action, let source) = process.kind else {
            Issue.record("Send is an unwind")
            return
        }
        #expect(action == "sendTransaction:" && Recorder.name(source) == "Amount")
        // The search's events come out of the ask steps: every level and child, each once.
        #expect(outcome.log.filter { $0.hasPrefix("asked ") } == ["asked Contacts false", "asked nav2 false", "asked Wallet true"])
    }

    @Test("Rule 9: Cancel, control-triggered, asks should-perform first, then the search, prepare, the action, the reveal and the dismissal")
    func cancelSteps() throws {
        let outcome = try runBothWays(cancel)
        let segue = "UnwindSegue nil Contacts→Wallet"
        #expect(outcome.steps == [
            "shouldPerform  on Contacts",
            "ask nav2",
            "ask Wallet",
            "prepare \(segue)",
            "action cancel: on Wallet",
            "reveal Wallet in nav1",
            "dismiss nav2",
        ])
        #expect(outcome.log.contains("transition dismiss nav2 topmost nav2"))
    }

    @Test("Rule 9: an unwind to a controller pushed on the source's own stack is should-perform, one ask, prepare, the action and the pop")
    func unwindOnOneStack() throws {
        let outcome = try runBothWays { try unwindX() }
        #expect(outcome.steps == [
            "shouldPerform tapX on S",
            "ask nav1",
            "prepare UnwindSegue tapX S→A",
            "action x: on A",
            "reveal A in nav1",
        ])
        #expect(outcome.log.last == "call viewDidAppear A")
    }

    @Test("Rule 17: a forward show is should-perform (a control triggered it), instantiate, prepare, perform, which pushes")
    func forwardShowSteps() throws {
        let outcome = try runBothWays { try forward("Show") }
        #expect(outcome.steps == [
            "shouldPerform show on S",
            "instantiate det-vc-001",
            "prepare ShowSegue show S→Detail",
            "perform ShowSegue show S→Detail",
        ])
        #expect(outcome.log.contains("transition push Detail onto nav"))
        let kind = try #require(outcome.processes.first?.kind)
        guard case .forward(let identifier, let source) = kind else {
            Issue.record("Show is a forward segue")
            return
        }
        #expect(identifier == "show" && Recorder.name(source) == "S")
    }

    @Test("Rule 20: a presentation is the same four steps, the last presenting the destination")
    func presentationSteps() throws {
        let outcome = try runBothWays { try forward("Present") }
        #expect(outcome.steps == [
            "shouldPerform present on S",
            "instantiate det-vc-001",
            "prepare PresentationSegue present S→Detail",
            "perform PresentationSegue present S→Detail",
        ])
        #expect(outcome.log.contains("transition present Detail by nav asked by S"))
    }

    @Test("Rule 7: an unwind nobody accepts is one ask per level and ends aborted after the last, with no prepare, action or transition")
    func abortedUnwindSteps() throws {
        let outcome = try runBothWays(nobodyAccepts)
        #expect(outcome.steps == ["ask nav2", "ask A", "ask nav1"])
        let process = try #require(outcome.processes.first)
        #expect(process.wasAborted && process.isFinished && process.nextStep == nil)
        #expect(outcome.log.last == "aborted nobodyImplementsThis: from S")
        #expect(!outcome.log.contains { $0.hasPrefix("prepare") || $0.hasPrefix("transition") })
    }

    @Test("Rule 9: should-perform answering no is the only step of an unwind, and the process ends aborted")
    func shouldPerformNoForAnUnwind() throws {
        let outcome = try runBothWays { try unwindX(shouldPerform: false) }
        #expect(outcome.steps == ["shouldPerform tapX on S"])
        #expect(outcome.log == ["call shouldPerformSegue tapX on S", "shouldPerformSegue tapX on S → false"])
        #expect(outcome.processes.first?.wasAborted == true)
    }

    @Test("Rule 18: should-perform answering no is the only step of a forward segue; the control's own action ran before it")
    func shouldPerformNoForAForwardSegue() throws {
        let outcome = try runBothWays { try forward("Select", shouldPerform: false) }
        #expect(outcome.steps == ["shouldPerform selectShow on S"])
        #expect(outcome.log == [
            "call select: on S", "call shouldPerformSegue selectShow on S", "shouldPerformSegue selectShow on S → false",
        ])
        #expect(outcome.processes.first?.wasAborted == true)
    }

    @Test("Rule 13: the legacy executor's segue is not split: ask, prepare, the action, then one perform that runs its handler")
    func legacyExecutorSteps() throws {
        let outcome = try runBothWays(legacyExecutor)
        #expect(outcome.steps == [
            "ask legacy",
            "prepare StoryboardSegue x S→A",
            "action x: on A",
            "perform StoryboardSegue x S→A",
        ])
        #expect(outcome.log.last == "call performHandler")
    }

    // MARK: The hierarchy between steps

    @Test("Rule 28: between Send's steps the hierarchy is the real one: the balance changes behind the modal, which goes only at the dismissal")
    func sendIntermediateStates() throws {
        let h = try walletShaped(amount: true)
        let amount = try #require(h.amount)
        let runner = SteppingRunner(runsAtOnce: false)
        h.window.segueProcessRunner = runner

        amount.performSegue(withIdentifier: "SendTransactionSegue", sender: SimulatedBank.Receipt(cents: 25_00))

        let process = try #require(runner.processes.first)
        #expect(h.window.activeSegueProcess === process)
        #expect(h.recorder.log.isEmpty, "nothing runs before the runner steps")
        #expect(process.nextStep.map(render) == "ask nav2")
        #expect(process.nextStep?.subject?.names(h.nav2) == true && process.nextStep?.subject?.names(h.nav1) == false)

        process.step()
        #expect(h.recorder.log == ["unwindStarted sendTransaction: from Amount", "asked Contacts false", "asked nav2 false"])
        #expect(process.nextStep.map(render) == "ask Wallet")

        process.step()
        #expect(h.recorder.log.suffix(3) == ["asked Wallet true", "destination Wallet executor nav1",
                                             "segueCreated UnwindSegue SendTransactionSegue Amount→Wallet"])

        process.step()
        #expect(amount.prepared.count == 1, "after prepare")
        #expect(h.wallet.received.isEmpty && h.wallet.balance == 5_432_01)

        process.step()
        #expect(h.wallet.balance == 5_407_01 && h.wallet.rows == [25_00], "the action has run")
        #expect(h.nav1.presentedViewController === h.nav2, "the modal is still presented")
        #expect(h.window.topViewController === h.nav2 && h.nav2.topViewController === amount)
        #expect(h.wallet.balanceText == "€ 5,407.01", "the action sets the label itself: the sheet's dismissal calls no viewWillAppear")
        #expect(!h.recorder.log.contains { $0.hasPrefix("perform") })

        process.step()
        #expect(h.recorder.log.suffix(1) == ["perform UnwindSegue SendTransactionSegue Amount→Wallet"],
                "the reveal begins the transition; nav1 already shows Wallet")
        #expect(h.window.topViewController === h.nav2)
        #expect(process.nextStep.map(render) == "dismiss nav2")

        process.step()
        #expect(h.window.presentationStack.count == 1 && h.nav1.presentedViewController == nil, "the modal is gone")
        #expect(h.wallet.balanceText == "€ 5,407.01")
        #expect(process.isFinished && !process.wasAborted && process.nextStep == nil)
        #expect(process.completedSteps.count == 6)
        #expect(h.window.activeSegueProcess == nil)
    }

    @Test("Rule 12: between the reveal and the dismissal the stack is popped under the modal, which stays on screen until it is dismissed")
    func popUnderTheModal() throws {
        let h = try popUnderModal()
        let runner = SteppingRunner(runsAtOnce: false)
        h.window.segueProcessRunner = runner

        h.source.performSegue(withIdentifier: "x", sender: nil)
        let process = try #require(runner.processes.first)
        var steps: [String] = []
        while let next = process.nextStep, !next.isReveal {
            steps.append(render(next))
            process.step()
        }
        // nav1, covering the screen, made the modal, but B asked for it (rule 1): the search
        // asks B, then nav1's other children, A.
        #expect(steps == ["ask B", "ask nav1", "prepare UnwindSegue x S→A", "action x: on A"])
        #expect(h.a.received.count == 1 && h.nav1.viewControllers.count == 2)

        #expect(process.nextStep.map(render) == "reveal A in nav1")
        process.step()
        #expect(h.nav1.viewControllers.count == 1 && h.nav1.topViewController === h.a, "popped")
        #expect(h.source.presentingViewController === h.nav1 && h.source.presentationAskedBy === h.b, "under the modal, still presented")
        #expect(h.window.topViewController === h.source && h.window.presentationStack.count == 2, "the modal is on screen")
        #expect(h.recorder.lifeCycleCalls.isEmpty, "the pop happened out of sight")

        #expect(process.nextStep.map(render) == "dismiss S")
        process.step()
        #expect(h.window.presentationStack.count == 1 && h.window.topViewController === h.nav1)
        #expect(h.b.presentedViewController == nil && h.source.presentingViewController == nil)
        #expect(process.isFinished)
    }

    @Test("Rule 17: after instantiate and prepare the destination exists but is not shown; perform pushes it")
    func forwardIntermediateStates() throws {
        let recorder = Recorder()
        let source = try Fixtures.source("S", recorder: recorder)
        let nav = navigation("nav", [source])
        let window = window(showing: nav, recorder: recorder)
        let runner = SteppingRunner(runsAtOnce: false)
        window.segueProcessRunner = runner

        source.performSegue(withIdentifier: "show", sender: nil)
        let process = try #require(runner.processes.first)
        #expect(process.nextStep.map { if case .instantiate(let scene, _) = $0 { scene } else { "" } } == "det-vc-001")
        #expect(process.nextStep?.description.hasPrefix("instantiate ") == true && process.nextStep?.description.contains("det-vc-001") == false)

        process.step()
        process.step()
        #expect(source.prepared.count == 1 && source.prepared.first?.segue.destination is DetailViewController)
        #expect(nav.viewControllers.count == 1, "prepared, not pushed yet")

        process.step()
        #expect(nav.viewControllers.count == 2 && nav.topViewController is DetailViewController)
        #expect(process.isFinished)
    }

    // MARK: Segues that begin while another runs or waits

    @Test("A segue begun inside a running step runs inline, as without stepping, and is not handed to the runner")
    func segueInsideAStepRunsInline() throws {
        func make() throws -> Scenario {
            let recorder = Recorder()
            let a = Probe("A", implements: ["x:"], recorder: recorder)
            let source = try Fixtures.source("S", recorder: recorder)
            let window = window(showing: navigation("nav1", [a, source]), recorder: recorder)
            // When the action runs, S shows Detail: a segue begun inside the action's step,
            // pushed before the unwind's pop takes S and Detail off the stack.
            window.addObserver { event in
                if case .unwindAction = event { source.performSegue(withIdentifier: "show", sender: nil) }
            }
            recorder.reset()
            return Scenario(recorder: recorder, window: window) { source.performSegue(withIdentifier: "x", sender: nil) }
        }
        let outcome = try runBothWays(make)
        #expect(outcome.processes.count == 1, "only the unwind was handed over")
        let action = try #require(outcome.log.firstIndex(of: "action x: on A"))
        let instantiated = try #require(outcome.log.firstIndex(of: "instantiated Detail"))
        let perform = try #require(outcome.log.firstIndex(of: "perform UnwindSegue x S→A"))
        #expect(action < instantiated && instantiated < perform)
    }

    @Test("A segue begun while another is paused waits behind it, then is handed over; the events are those of the two one after the other")
    func segueWhilePausedWaits() throws {
        func make() throws -> (recorder: Recorder, window: Window, first: SourceViewController, second: SourceViewController) {
            let recorder = Recorder()
            let a = Probe("A", implements: ["x:"], recorder: recorder)
            let first = try Fixtures.source("S", recorder: recorder)
            let window = window(showing: navigation("nav1", [a, first]), recorder: recorder)
            let second = try Fixtures.source("T", recorder: recorder)
            a.present(navigation("nav2", [second]), animated: false)
            recorder.reset()
            return (recorder, window, first, second)
        }
        // One after the other, without a runner.
        let plain = try make()
        plain.first.performSegue(withIdentifier: "show", sender: nil)
        plain.second.performSegue(withIdentifier: "show", sender: nil)

        let stepped = try make()
        let runner = SteppingRunner(runsAtOnce: false)
        stepped.window.segueProcessRunner = runner
        stepped.first.performSegue(withIdentifier: "show", sender: nil)
        let first = try #require(runner.processes.first)
        first.step()
        stepped.second.performSegue(withIdentifier: "show", sender: nil)
        #expect(runner.processes.count == 1, "the second waits")
        #expect(stepped.window.waitingSegueProcessCount == 1)

        first.runToEnd()
        #expect(runner.processes.count == 2, "handed over when the first finished")
        #expect(stepped.window.activeSegueProcess === runner.processes.last)
        runner.processes[1].runToEnd()

        #expect(stepped.recorder.log == plain.recorder.log)
        #expect(stepped.window.activeSegueProcess == nil && stepped.window.waitingSegueProcessCount == 0)
    }

    @Test("Taking the runner away runs the paused process and those waiting to the end, in order")
    func removingTheRunnerFinishes() throws {
        let (_, a, source, nav1, window, runner) = try pausedUnwindStage()

        source.performSegue(withIdentifier: "x", sender: nil)
        let process = try #require(runner.processes.first)
        process.step()
        #expect(!process.isFinished)

        window.segueProcessRunner = nil

        #expect(process.isFinished && a.received.count == 1 && nav1.viewControllers.count == 1)
        #expect(window.activeSegueProcess == nil)
    }

    @Test("A runner that went away leaves its paused process to the next segue, which runs it to the end first")
    func releasedRunner() throws {
        let recorder = Recorder()
        let a = try Fixtures.source("A", implements: ["x:"], recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        let nav1 = navigation("nav1", [a, source])
        let window = window(showing: nav1, recorder: recorder)
        var runner: SteppingRunner? = SteppingRunner(runsAtOnce: false)
        window.segueProcessRunner = runner
        recorder.reset()

        source.performSegue(withIdentifier: "x", sender: nil)
        let process = try #require(runner?.processes.first)
        process.step()
        runner = nil
        #expect(window.segueProcessRunner == nil && !process.isFinished)

        a.performSegue(withIdentifier: "show", sender: nil)

        #expect(process.isFinished && window.activeSegueProcess == nil)
        let pop = try #require(recorder.log.firstIndex(of: "transition pop to A in nav1"))
        let push = try #require(recorder.log.firstIndex(of: "transition push Detail onto nav1"))
        #expect(pop < push, "the paused unwind ends before the new segue begins")
        #expect(nav1.viewControllers.count == 2 && nav1.topViewController is DetailViewController)
    }

    // MARK: A hierarchy that changed during a pause

    @Test("A destination that left the window while the unwind was paused stops it before prepare, with an error that names it")
    func destinationLeftTheWindow() throws {
        let (recorder, a, source, nav1, window, runner) = try pausedUnwindStage()

        source.performSegue(withIdentifier: "x", sender: nil)
        let process = try #require(runner.processes.first)
        process.step()
        nav1.setViewControllers([source], animated: false)
        process.runToEnd()

        #expect(process.wasAborted && process.completedSteps.count == 1)
        let message = try #require(recorder.programmingErrors.first)
        #expect(message.contains("\"A\"") && message.contains("destination") && message.contains("left the window"))
        #expect(source.prepared.isEmpty && a.received.isEmpty)
        #expect(nav1.topViewController === source && window.rootViewController === nav1)
    }

    @Test("A source that left the window while its unwind was paused stops the unwind before its next step, with an error that says so")
    func sourceLeftTheWindow() throws {
        let (recorder, a, source, nav1, window, runner) = try pausedUnwindStage()

        source.performSegue(withIdentifier: "x", sender: nil)
        let process = try #require(runner.processes.first)
        process.step()
        #expect(process.nextStep.map(render) == "prepare UnwindSegue x S→A")
        nav1.popViewController(animated: false)

        process.step()

        #expect(process.isFinished && process.wasAborted && process.nextStep == nil)
        let message = try #require(recorder.programmingErrors.first)
        #expect(message.contains("S") && message.contains("left the window") && message.contains("prepare"))
        #expect(source.prepared.isEmpty && a.received.isEmpty)
        #expect(window.activeSegueProcess == nil)
        #expect(process.completedSteps.count == 1)
    }

    @Test("A forward segue whose source left the window while paused stops before perform, with an error that says so")
    func forwardSourceLeftTheWindow() throws {
        let recorder = Recorder()
        let root = Probe("R", recorder: recorder)
        let window = window(showing: navigation("nav1", [root]), recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        root.present(source, animated: false)
        let runner = SteppingRunner(runsAtOnce: false)
        window.segueProcessRunner = runner
        recorder.reset()

        source.performSegue(withIdentifier: "present", sender: nil)
        let process = try #require(runner.processes.first)
        process.step()
        process.step()
        source.dismiss(animated: false)
        process.runToEnd()

        #expect(process.wasAborted && source.presentedViewController == nil)
        #expect(recorder.programmingErrors.count == 1)
        #expect(!recorder.log.contains { $0.hasPrefix("perform") })
    }

    @Test("Rule 7: an unwind from a root, with no level to ask, is aborted at once and never handed to the runner")
    func unwindFromTheRoot() throws {
        let recorder = Recorder()
        let source = try Fixtures.source("S", recorder: recorder)
        let window = window(showing: source, recorder: recorder)
        let runner = SteppingRunner(runsAtOnce: false)
        window.segueProcessRunner = runner
        recorder.reset()

        source.performSegue(withIdentifier: "x", sender: nil)

        #expect(runner.processes.isEmpty)
        #expect(recorder.log == ["unwindStarted x: from S", "aborted x: from S"])
    }
}

// MARK: The runner of these tests

/// Steps each process it is given one step at a time, noting the next step before each; or,
/// not running at once, keeps them for the test to step.
@MainActor
final class SteppingRunner: SegueProcessRunner {
    private(set) var processes: [SegueProcess] = []
    /// Each `nextStep`, read before the step ran.
    private(set) var announced: [SegueStep] = []
    let runsAtOnce: Bool

    init(runsAtOnce: Bool = true) { self.runsAtOnce = runsAtOnce }

    func segueProcessDidBegin(_ process: SegueProcess) {
        processes.append(process)
        guard runsAtOnce else { return }
        while let next = process.nextStep {
            announced.append(next)
            process.step()
        }
    }
}

/// A step as the tests write it, with the names the recorder gives controllers.
@MainActor
private func render(_ step: SegueStep) -> String {
    switch step {
    case .shouldPerform(let identifier, let source): "shouldPerform \(identifier) on \(Recorder.name(source))"
    case .instantiate(let scene, _): "instantiate \(scene)"
    case .ask(let controller): "ask \(Recorder.name(controller))"
    case .prepare(let segue): "prepare \(Recorder.name(segue))"
    case .unwindAction(let action, let destination): "action \(action) on \(Recorder.name(destination))"
    case .perform(let segue): "perform \(Recorder.name(segue))"
    case .reveal(let child, let container): "reveal \(Recorder.name(child)) in \(Recorder.name(container))"
    case .dismiss(let controller): "dismiss \(Recorder.name(controller))"
    }
}

private extension SegueStep {
    var isReveal: Bool { if case .reveal = self { true } else { false } }
}

