import Navigation
import Testing

/// TN2298 listings 2 and 3, as Apple's UnwindSegue sample uses them in its CustomUnwindSegue
/// target: a custom container with its own search and its own fade unwind segue.
@MainActor
@Suite("Conformance: rule 13")
struct Rule13LegacyUnwindExecutorTests {
    /// Main Menu presenting the quiz container, answered to the end.
    private func answeredQuiz() throws -> Scenario {
        let s = try Scenario("Rule13-QuizContainer", register: QuizSample.register)
        try s.tap("Begin", in: "Main Menu")
        for question in 1...QuizSample.questionCount { try s.tap("Answer", in: "Question \(question)") }
        #expect(s.hierarchy == "Main Menu presenting Quiz [Question 1, Question 2, Question 3, Results]")
        return s
    }

    @Test("Rule 13: a container that overrides viewControllerForUnwindSegueAction(_:from:withSender:) becomes the unwind executor and supplies the segue through segueForUnwinding(to:from:identifier:); that segue does all the work of the transition")
    func containerIsTheUnwindExecutor() throws {
        let s = try answeredQuiz()
        s.recorder.reset()

        try s.tap("Start Over", in: "Results")

        // The container asks its questions itself, through canPerformUnwindSegueAction (which
        // the trace does not see); its fade segue pops, in one perform.
        #expect(s.callbacks == [
            "call shouldPerformSegue  on Results",
            "shouldPerformSegue  on Results → true",
            "unwindStarted exitToQuizStart: from Results",
            "call viewControllerForUnwindSegueAction exitToQuizStart: on Quiz",
            "destination Question 1 executor Quiz",
            "call segueForUnwinding on Quiz",
            "segueCreated QuizContainerFadeViewControllerSegue nil Results→Question 1",
            "prepare QuizContainerFadeViewControllerSegue nil Results→Question 1",
            "call prepare on Results",
            "action exitToQuizStart: on Question 1",
            "call exitToQuizStart: on Question 1",
            "perform QuizContainerFadeViewControllerSegue nil Results→Question 1",
            "transition pop to Question 1 in Quiz",
            "life viewWillDisappear Results",
            "life viewWillAppear Question 1",
            "life viewDidDisappear Results",
            "life viewDidAppear Question 1",
        ])
        let questions = s.probes("Question 1")
        #expect(questions.count == 1 && questions.first?.received.map(\.action) == ["exitToQuizStart:"])
        #expect(s.hierarchy == "Main Menu presenting Quiz [Question 1]")
    }

    @Test("Rule 13: without such a container, the executor is the destination if it was presented, otherwise its parent")
    func defaultExecutor() throws {
        // Past the container (no child wants the action): Main Menu, the window's root, is the
        // destination and, having no parent, its own executor; it dismisses the quiz.
        let s = try answeredQuiz()
        s.recorder.reset()

        try s.tap("Return To The Menu Screen", in: "Results")

        #expect(s.callbacks.filter { !$0.hasPrefix("life ") } == [
            "call shouldPerformSegue  on Results",
            "shouldPerformSegue  on Results → true",
            "unwindStarted exitToHomeScreen: from Results",
            "call viewControllerForUnwindSegueAction exitToHomeScreen: on Quiz",
            "asked Question 3 false",
            "asked Question 2 false",
            "asked Question 1 false",
            "asked Quiz false",
            "asked Main Menu true",
            "destination Main Menu executor Main Menu",
            "segueCreated UnwindSegue nil Results→Main Menu",
            "prepare UnwindSegue nil Results→Main Menu",
            "call prepare on Results",
            "action exitToHomeScreen: on Main Menu",
            "call exitToHomeScreen: on Main Menu",
            "perform UnwindSegue nil Results→Main Menu",
            "transition dismiss Quiz topmost Quiz",
        ])
        #expect(s.hierarchy == "Main Menu")
        // Every other conformance test shows a pushed destination's executor: its navigation controller.
    }

    @Test("Rule 13: without such a container (here built in code) the executor is the destination's parent, or the destination when it was presented, and it makes the segue")
    func defaultExecutorBuiltInCode() throws {
        // Pushed destination: its navigation controller makes the segue.
        let recorder = Recorder()
        let a = Probe("A", implements: ["x:"], recorder: recorder)
        let source = try Fixtures.source("S", recorder: recorder)
        let nav1 = RecordingNavigationController()
        nav1.title = "nav1"
        nav1.setViewControllers([a, source], animated: false)
        _ = window(showing: nav1, recorder: recorder)
        recorder.reset()

        source.performSegue(withIdentifier: "x", sender: nil)

        #expect(recorder.steps.contains("destination A executor nav1"))
        #expect(nav1.made.count == 1)
        #expect(nav1.made.first?.destination === a && nav1.made.first?.source === source && nav1.made.first?.identifier == "x")
        #expect(a.unwindSeguesMade.isEmpty)

        // Presented destination: it makes the segue itself.
        let other = Recorder()
        let root = Probe("R", recorder: other)
        let rootNav = RecordingNavigationController()
        rootNav.title = "nav"
        rootNav.setViewControllers([root], animated: false)
        let window = window(showing: rootNav, recorder: other)
        let p = Probe("P", implements: ["x:"], recorder: other)
        root.present(p, animated: false)
        let modal = try Fixtures.source("M", recorder: other)
        p.present(modal, animated: false)
        other.reset()

        modal.performSegue(withIdentifier: "x", sender: nil)

        #expect(other.steps.contains("destination P executor P"))
        #expect(p.unwindSeguesMade.count == 1 && p.unwindSeguesMade.first?.source === modal)
        #expect(rootNav.made.isEmpty)
        #expect(other.transitions == ["transition dismiss M topmost M"])
        #expect(window.topViewController === p)
    }
}

/// A navigation controller that notes the unwind segues it is asked to make.
final class RecordingNavigationController: NavigationController {
    private(set) var made: [(destination: ViewController, source: ViewController, identifier: String?)] = []

    override func segueForUnwinding(to destination: ViewController, from source: ViewController, identifier: String?) -> StoryboardSegue {
        made.append((destination, source, identifier))
        return super.segueForUnwinding(to: destination, from: source, identifier: identifier)
    }
}
