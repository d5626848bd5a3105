import Foundation
import Navigation
import Testing

/// `wallet storyboard run`'s stand-ins, in the engine: a storyboard whose classes the app does not
/// have loads, each unknown class stood in for by its scene's kind, implementing the unwind
/// actions the storyboard (a runtime attribute) or the command line (`--implements`) declares.
@MainActor
@Suite("Stand-ins for classes the app does not have")
struct StandInTests {
    /// nav > Quiz (QuizViewController, declares startOver: by runtime attribute) —Next→
    /// Question (QuestionViewController) whose Start Over button unwinds startOver:, and whose
    /// Give Up unwinds giveUp:, which only --implements can declare.
    static let quiz = StandInTests.storyboard("Quiz")

    /// The text of `Storyboards/StandIns/NAME.storyboard`.
    static func storyboard(_ name: String) -> String {
        Bundle.module.url(forResource: name, withExtension: "storyboard", subdirectory: "Storyboards/StandIns")
            .flatMap { try? String(contentsOf: $0, encoding: .utf8) } ?? ""
    }

    static func classes(implementations: [String: [Selector]] = [:]) -> StoryboardClasses {
        let classes = StoryboardClasses()
        classes.registerView(element: "button") { Button() }
        let standIns = StandIns()
        standIns.implementations = Dictionary(uniqueKeysWithValues: implementations.map { (StandInBehaviours.Key(className: $0.key), $0.value) })
        classes.standIns = standIns
        classes.checksUnwindActions = false
        return classes
    }

    private func run(implementations: [String: [Selector]] = [:]) throws -> (Window, Recorder, NavigationController) {
        let storyboard = try Storyboard(data: Array(Self.quiz.utf8), name: "Quiz.storyboard", classes: Self.classes(implementations: implementations))
        let recorder = Recorder()
        let window = NavigationTests.window(showing: try #require(storyboard.instantiateInitialViewController()), recorder: recorder)
        return (window, recorder, try #require(window.rootViewController as? NavigationController))
    }

    @Test("Without stand-ins the same storyboard is refused, naming the unknown class, as the wallet's --storyboard does")
    func refusedWithoutStandIns() {
        let classes = StoryboardClasses()
        classes.registerView(element: "button") { Button() }
        #expect {
            try Storyboard(data: Array(Self.quiz.utf8), name: "Quiz.storyboard", classes: classes)
        } throws: { error in
            "\(error)".contains("unknown view controller class \"QuizViewController\"")
        }
    }

    @Test("Each unknown class is stood in for by its scene's kind, named by the storyboard's class, its outlets ignored and its actions accepted")
    func standInsOfTheScenesKinds() throws {
        let (_, _, navigation) = try run()
        let quiz = try #require(navigation.viewControllers.first)
        #expect(navigation is StandIn)
        #expect((navigation as? StandIn)?.standingInFor.className == "QuizNavigationController")
        #expect((quiz as? StandIn)?.standingInFor.className == "QuizViewController")
        #expect(quiz.responds(to: "buttonTapped:"))
        #expect(quiz.title == nil && quiz.navigationItem.title == "Quiz")
        // The view of an unknown class is its element's kind: a button, with its segue.
        let next = try button("Next", in: quiz)
        next.sendActions()
        #expect(navigation.viewControllers.count == 2)
    }

    @Test("A stand-in accepts the actions that objects beside its controller send it, as a tap gesture recognizer's in Apple's UIImageEffects sample")
    func actionsFromObjectsBesideTheController() throws {
        let storyboard = try Storyboard(data: Array(Self.storyboard("Effects").utf8), name: "Effects.storyboard", classes: Self.classes())
        let controller = try #require(storyboard.instantiateInitialViewController())
        #expect(controller.responds(to: "nextEffect:"))
    }

    @Test("A stand-in implements the unwind actions its scene declares with the unwindActions runtime attribute")
    func runtimeAttributeDeclaresUnwindActions() throws {
        let (_, recorder, navigation) = try run()
        let quiz = try #require(navigation.viewControllers.first)
        #expect((quiz as? StandIn)?.standingInFor.unwindActions == ["startOver:", "done:"])
        try button("Next", in: quiz).sendActions()
        let question = try #require(navigation.topViewController)
        recorder.reset()

        try button("Start Over", in: question).sendActions()

        #expect(recorder.log.contains("action startOver: on Quiz"))
        #expect(navigation.viewControllers.map { $0 === quiz } == [true])
    }

    @Test("An unwind no stand-in implements is aborted: nothing moves, and the trace says which action")
    func unwindWithoutImplementerAborts() throws {
        let (_, recorder, navigation) = try run()
        try button("Next", in: try #require(navigation.viewControllers.first)).sendActions()
        let question = try #require(navigation.topViewController)

        try button("Give Up", in: question).sendActions()

        #expect(recorder.log.contains("aborted giveUp: from Question"))
        #expect(navigation.topViewController === question)
    }

    @Test("--implements adds unwind actions to the stand-ins of a class, by the name the storyboard uses")
    func implementsDeclaresUnwindActions() throws {
        let (_, recorder, navigation) = try run(implementations: ["QuizViewController": ["giveUp:"]])
        let quiz = try #require(navigation.viewControllers.first)
        #expect((quiz as? StandIn)?.standingInFor.unwindActions == ["startOver:", "done:", "giveUp:"])
        try button("Next", in: quiz).sendActions()

        try button("Give Up", in: try #require(navigation.topViewController)).sendActions()

        #expect(recorder.log.contains("action giveUp: on Quiz"))
        #expect(navigation.viewControllers.count == 1)
    }

    @Test("--implements CLASS=action1:,action2: is read with its module dropped and spaces trimmed", arguments: [
        ("QuizViewController=startOver:", "QuizViewController", ["startOver:"]),
        ("Quiz.QuizViewController=startOver:, unwindToRoot:", "QuizViewController", ["startOver:", "unwindToRoot:"]),
        ("Q=a:b:", "Q", ["a:b:"]),
    ])
    func implementsParsing(text: String, className: String, actions: [String]) throws {
        let implementation = try StandIns.implementation(from: text)
        #expect(implementation.key == StandInBehaviours.Key(className: className))
        #expect(implementation.actions == actions.map { Selector($0) })
    }

    @Test("A malformed --implements says what is wrong and shows the form", arguments: [
        ("QuizViewController", "no \"=\""),
        ("=startOver:", "names no class"),
        ("Quiz ViewController=startOver:", "is not a class name"),
        ("QuizViewController=", "lists no action"),
        ("QuizViewController=startOver:,,done:", "empty action"),
        ("QuizViewController=startOver", "ends with \":\""),
    ])
    func malformedImplements(text: String, problem: String) {
        #expect {
            try StandIns.implementation(from: text)
        } throws: { error in
            let message = "\(error)"
            return message.contains(problem) && message.contains("as in --implements QuestionViewController=startOver:,unwindToQuiz:")
        }
    }

    @Test("Tab bar and split view controllers of unknown classes are stood in for by their kinds, with their relationships' children")
    func containerStandIns() throws {
        let storyboard = try Storyboard(data: Array(Self.storyboard("Tabs").utf8), name: "Tabs.storyboard", classes: Self.classes())
        let tabs = try #require(storyboard.instantiateInitialViewController() as? TabBarController)
        #expect((tabs as? StandIn)?.standingInFor.className == "MainTabBarController")
        #expect(tabs.viewControllers.map { ($0 as? StandIn)?.standingInFor.className } == ["FirstTabViewController", "MasterDetailController"])
        let split = try #require(tabs.viewControllers.last as? SplitViewController)
        #expect(split is StandIn)
        #expect(split.viewControllers.map { ($0 as? StandIn)?.standingInFor.className } == ["MasterViewController", "DetailViewController"])
    }

    @Test("A custom segue of a class the app does not have is stood in for by a modal presentation, as most custom segues end")
    func customSegueStandIn() throws {
        let storyboard = try Storyboard(data: Array(Self.storyboard("Custom").utf8), name: "Custom.storyboard", classes: Self.classes())
        let first = try #require(storyboard.instantiateInitialViewController())
        let window = NavigationTests.window(showing: first, recorder: Recorder())
        try button("Go Forward", in: first).sendActions()
        #expect((window.rootViewController?.presentedViewController as? StandIn)?.standingInFor.className == "SecondViewController")
    }
}
