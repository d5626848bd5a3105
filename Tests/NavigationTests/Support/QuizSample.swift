import Navigation

// The controllers of Apple's UnwindSegue sample (its "Shared" group), shaped as the sample's are,
// on test controllers: the storyboards Rule05-QuizStartOver (the UnwindSegue target) and
// Rule13-QuizContainer (the CustomUnwindSegue target) reproduce its two storyboards.

enum QuizSample {
    /// The quiz's length: questions 1 to 3, then the results.
    static let questionCount = 3

    /// The sample's classes, made with the recorder; `container` adds the CustomUnwindSegue
    /// target's container and segues.
    @MainActor
    static func register(_ classes: StoryboardClasses, recorder: Recorder) {
        classes.register(MainMenuViewController.self) { MainMenuViewController(recorder: recorder) }
        classes.register(QuestionViewController.self) { QuestionViewController(recorder: recorder) }
        classes.register(ResultsViewController.self) { ResultsViewController(recorder: recorder) }
        classes.register(QuizContainerViewController.self) { QuizContainerViewController(recorder: recorder) }
        classes.registerSegue(QuizContainerRootViewControllerSegue.self)
        classes.registerSegue(QuizContainerFadeViewControllerSegue.self)
    }
}

/// The first screen: Begin presents the quiz; Return To The Menu Screen unwinds here.
final class MainMenuViewController: Probe {
    init(recorder: Recorder) { super.init("Main Menu", implements: ["exitToHomeScreen:"], recorder: recorder) }
}

/// One question. Several instances sit on one stack; all implement `exitToQuizStart:`, and
/// only the first accepts it (rule 5).
final class QuestionViewController: Probe {
    var questionIndex = 0 {
        didSet { title = "Question \(questionIndex + 1)" }
    }
    var isLastQuestion: Bool { questionIndex == QuizSample.questionCount - 1 }
    /// The controllers it was asked about, in order: each time about the source, never a child.
    private(set) var askedFrom: [ViewController] = []

    init(recorder: Recorder) {
        super.init("Question 1", implements: ["exitToQuizStart:"], recorder: recorder)
        // The sample's answer cell: on the last question it performs ResultScreen (its
        // NextQuestion segue is refused then, by shouldPerformSegue).
        targets["answer:"] = { [unowned self] in
            if isLastQuestion { performSegue(withIdentifier: "ResultScreen", sender: self) }
        }
    }

    /// As the sample: the first question on the stack handles "start over", answering for
    /// itself only.
    override func canPerformUnwindSegueAction(_ action: Selector, from fromViewController: ViewController, sender: Any?) -> Bool {
        askedFrom.append(fromViewController)
        guard super.canPerformUnwindSegueAction(action, from: fromViewController, sender: sender) else { return false }
        let stack = (parent as? NavigationController)?.viewControllers ?? parent?.children ?? []
        return stack.first === self
    }

    override func shouldPerformSegue(withIdentifier identifier: String, sender: Any?) -> Bool {
        _ = super.shouldPerformSegue(withIdentifier: identifier, sender: sender)
        return identifier == "NextQuestion" ? !isLastQuestion : true
    }

    override func prepare(for segue: StoryboardSegue, sender: Any?) {
        super.prepare(for: segue, sender: sender)
        if segue.identifier == "NextQuestion", let next = segue.destination as? QuestionViewController {
            next.questionIndex = questionIndex + 1
        }
    }
}

/// The results: Start Over and Return To The Menu Screen unwind from here.
final class ResultsViewController: Probe {
    init(recorder: Recorder) { super.init("Results", recorder: recorder) }
}

// MARK: The CustomUnwindSegue target

/// The sample's custom container, "functionally similar to a UINavigationController": its own
/// search for an unwind's destination (TN2298 listing 2) and its own unwind segue, a fade
/// (listing 3). A navigation controller underneath, for the stack and its appearance calls.
final class QuizContainerViewController: NavigationController {
    let recorder: Recorder

    init(recorder: Recorder) {
        self.recorder = recorder
        super.init()
    }

    override func viewDidLoad() {
        super.viewDidLoad()
        // Users of the container define a RootViewController segue to its first child.
        performSegue(withIdentifier: "RootViewController", sender: self)
    }

    /// Like a navigation controller, the stack from the top down; always asking
    /// canPerformUnwindSegueAction, and super when no child wants the action.
    override func viewControllerForUnwindSegueAction(_ action: Selector, from fromViewController: ViewController, withSender sender: Any?) -> ViewController? {
        recorder.call("viewControllerForUnwindSegueAction \(action) on \(navigationItem.title ?? title ?? "?")")
        for controller in viewControllers.reversed()
        where controller.canPerformUnwindSegueAction(action, from: fromViewController, sender: sender) {
            return controller
        }
        return super.viewControllerForUnwindSegueAction(action, from: fromViewController, withSender: sender)
    }

    override func segueForUnwinding(to destination: ViewController, from source: ViewController, identifier: String?) -> StoryboardSegue {
        recorder.call("segueForUnwinding on \(navigationItem.title ?? title ?? "?")")
        let segue = QuizContainerFadeViewControllerSegue(identifier: identifier, source: source, destination: destination)
        segue.unwind = true
        return segue
    }
}

/// Sets the container's stack to the destination alone.
final class QuizContainerRootViewControllerSegue: StoryboardSegue {
    override func perform() {
        (source as? QuizContainerViewController)?.setViewControllers([destination], animated: false)
    }
}

/// Fades to the destination: pushes it, or, unwinding, pops the destination's container to it.
final class QuizContainerFadeViewControllerSegue: StoryboardSegue {
    var unwind = false

    override func perform() {
        if unwind {
            // The source may be deeper than a child of the container: the destination's parent is it.
            (destination.parent as? QuizContainerViewController)?.popToViewController(destination, animated: true)
        } else {
            (source.parent as? QuizContainerViewController)?.pushViewController(destination, animated: true)
        }
    }
}
