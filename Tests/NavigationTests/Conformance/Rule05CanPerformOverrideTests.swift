import Foundation
import Navigation
import Testing

/// Apple's UnwindSegue sample (its UnwindSegue target): a quiz whose questions are instances of
/// one class on a navigation stack.
@MainActor
@Suite("Conformance: rule 5")
struct Rule05CanPerformOverrideTests {
    /// Main Menu presenting the quiz, answered to the end: the Results on top of three questions.
    private func answeredQuiz() throws -> Scenario {
        let s = try Scenario("Rule05-QuizStartOver", register: QuizSample.register)
        try s.tap("Begin", in: "Main Menu")
        for question in 1...QuizSample.questionCount { try s.tap("Answer", in: "Question \(question)") }
        return s
    }

    @Test("Rule 05: a controller may override canPerformUnwindSegueAction to disambiguate several instances of one class on a stack (Apple's quiz: only the first question accepts start over), answering for itself only")
    func onlyTheFirstQuestionAcceptsStartOver() throws {
        let s = try answeredQuiz()
        #expect(s.hierarchy == "Main Menu presenting Quiz [Question 1, Question 2, Question 3, Results]")
        let questions = (s.probes("Question 1") + s.probes("Question 2") + s.probes("Question 3")).compactMap { $0 as? QuestionViewController }
        let results = try s.probe("Results")
        s.recorder.reset()

        try s.tap("Start Over", in: "Results")

        // The stack from the top down: the nearest question refuses, and the one before it;
        // the first accepts.
        #expect(s.callbacks == Scenario.unwind(nil, action: "exitToQuizStart:", from: "Results",
                                               search: ["asked Question 3 false", "asked Question 2 false", "asked Question 1 true"],
                                               to: "Question 1", executor: "Quiz") + ["transition pop to Question 1 in Quiz"]
                                                   + Scenario.appearance(disappearing: ["Results"], appearing: ["Question 1"]))
        #expect(questions.map(\.received.count) == [1, 0, 0])
        // Each question was asked once, about the source, never on behalf of a child.
        for question in questions {
            #expect(question.askedFrom.count == 1 && question.askedFrom.first === results)
        }
        #expect(s.hierarchy == "Main Menu presenting Quiz [Question 1]")
    }

    @Test("Rule 05: in Apple's quiz, Return To The Menu Screen passes every question and lands on the main menu, which dismisses the quiz")
    func returnToTheMenuScreen() throws {
        let s = try answeredQuiz()
        s.recorder.reset()

        try s.tap("Return To The Menu Screen", in: "Results")

        #expect(s.recorder.asked == [
            "asked Question 3 false", "asked Question 2 false", "asked Question 1 false", "asked Quiz false", "asked Main Menu true",
        ])
        #expect(s.callbacks.contains("destination Main Menu executor Main Menu"))
        #expect(s.recorder.transitions == ["transition dismiss Quiz topmost Quiz"])
        #expect(try s.probe("Main Menu").received.map(\.action) == ["exitToHomeScreen:"])
        #expect(s.hierarchy == "Main Menu")
    }

    @Test("Rule 05: in Apple's quiz, the last question refuses NextQuestion in shouldPerformSegue, and its answer performs ResultScreen instead")
    func lastQuestionShowsTheResults() throws {
        let s = try Scenario("Rule05-QuizStartOver", register: QuizSample.register)
        try s.tap("Begin", in: "Main Menu")
        try s.tap("Answer", in: "Question 1")
        try s.tap("Answer", in: "Question 2")
        s.recorder.reset()

        try s.tap("Answer", in: "Question 3")

        #expect(s.recorder.steps == [
            "call answer: on Question 3",
            "instantiated Results",
            "segueCreated ShowSegue ResultScreen Question 3→Results",
            "prepare ShowSegue ResultScreen Question 3→Results",
            "call prepare on Question 3",
            "perform ShowSegue ResultScreen Question 3→Results",
            "transition push Results onto Quiz",
            "call shouldPerformSegue NextQuestion on Question 3",
            "shouldPerformSegue NextQuestion on Question 3 → false",
        ])
        #expect(s.hierarchy == "Main Menu presenting Quiz [Question 1, Question 2, Question 3, Results]")
    }

    /// The trace's line for each controller asked, as the inspector and `--trace` print it.
    private func askedLines(_ s: Scenario) -> [String] {
        s.recorder.events.compactMap { event in
            guard case .unwindAsked = event else { return nil }
            return event.description.trimmingCharacters(in: .whitespaces)
        }
    }

    @Test("Rule 05: an override's refusal reads as the override's (\"its canPerformUnwindSegueAction returns false\"), never as \"no such action\", which would send the room looking for a missing method (Apple: canPerformUnwindSegueAction(_:from:sender:), override it to choose)")
    func anOverridesRefusalSaysSo() throws {
        let s = try answeredQuiz()
        s.recorder.reset()
        try s.tap("Start Over", in: "Results")
        // Questions 3 and 2 implement exitToQuizStart:; their override refuses after asking the default.
        #expect(askedLines(s).prefix(3) == [
            "ask QuestionViewController \"Question 3\" canPerformUnwindSegueAction(exitToQuizStart:) → false (its canPerformUnwindSegueAction returns false)",
            "ask QuestionViewController \"Question 2\" canPerformUnwindSegueAction(exitToQuizStart:) → false (its canPerformUnwindSegueAction returns false)",
            "ask QuestionViewController \"Question 1\" canPerformUnwindSegueAction(exitToQuizStart:) → true (implements exitToQuizStart:)",
        ])
    }

    @Test("Rule 05: an override that answers without asking the default is the override's answer, whether or not the class implements the action")
    func anOverrideWithoutSuper() throws {
        final class Gate: Probe {
            var answer = false
            override func canPerformUnwindSegueAction(_ action: Selector, from fromViewController: ViewController, sender: Any?) -> Bool { answer }
        }
        let source = try Fixtures.source()
        let gate = Gate("Gate")
        let window = Window()
        window.rootViewController = gate
        var lines: [String] = []
        window.addObserver { event in if case .unwindAsked = event { lines.append(event.description.trimmingCharacters(in: .whitespaces)) } }
        // The legacy search step asks the gate about an action no class has.
        _ = gate.viewControllerForUnwindSegueAction(Selector("doesNotExist:"), from: source, withSender: nil)
        #expect(lines.contains("ask Gate \"Gate\" canPerformUnwindSegueAction(doesNotExist:) → false (its canPerformUnwindSegueAction returns false)"),
                "\(lines)")
        #expect(!lines.contains { $0.contains("Gate") && $0.contains("no such action") })
    }
}
