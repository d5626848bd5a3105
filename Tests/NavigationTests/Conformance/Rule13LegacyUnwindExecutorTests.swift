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
        ] + Scenario.appearance(disappearing: ["Results"], appearing: ["Question 1"]))
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

    @Test("Rule 13: without such a container, the executor is the destination's parent for a pushed destination, the destination itself for a presented one, and it makes the segue")
    func defaultExecutorPushedAndPresented() throws {
        let s = try Scenario("Rule13-DefaultExecutor", classes: [
            "RViewController": ["unwindToR:"], "PageViewController": [], "PViewController": ["unwindToP:"], "MViewController": [],
        ], register: { classes, _ in
            classes.register(RecordingNavigationController.self) { RecordingNavigationController() }
        })
        let nav = try #require(try s.controller("nav") as? RecordingNavigationController)
        let r = try s.probe("R")

        // Pushed destination: its navigation controller makes the segue.
        try s.tap("Next", in: "R")
        let page = try s.probe("Page")
        s.recorder.reset()
        try s.tap("Done", in: "Page")

        #expect(s.callbacks.contains("destination R executor nav"))
        #expect(nav.made.count == 1)
        #expect(nav.made.first?.destination === r && nav.made.first?.source === page && nav.made.first?.identifier == "done")
        #expect(r.unwindSeguesMade.isEmpty)
        #expect(s.hierarchy == "nav [R]")

        // Presented destination: it makes the segue itself, and dismisses what it presented.
        try s.tap("Present", in: "R")
        try s.tap("Present", in: "P")
        let p = try s.probe("P"), m = try s.probe("M")
        s.recorder.reset()
        try s.tap("Done", in: "M")

        #expect(s.callbacks.filter { !$0.hasPrefix("life ") } == Scenario.unwind("done", action: "unwindToP:", from: "M",
                                                                                 search: ["asked P true"], to: "P", executor: "P") + ["transition dismiss M topmost M"])
        #expect(p.unwindSeguesMade.count == 1 && p.unwindSeguesMade.first?.source === m)
        #expect(nav.made.count == 1, "nav made no segue this time")
        #expect(s.hierarchy == "nav [R] presenting P")
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
