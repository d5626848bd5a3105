import App
import Foundation
import Navigation
import StoryboardBehaviours
import Storyboards
import Terminal
import TestSupport
import Testing
import Views

/// Issue 33, defects 4 to 6: what a storyboard's Swift side performs outside a control's segue,
/// declared and found (`wallet storyboard run` with stand-ins): a press whose code is not here
/// says what would make it perform; segues performed when a scene appears and when a row is
/// selected are declared; and a declaration can name one scene of a class that several share,
/// as UIKit asks each instance (`canPerformUnwindSegueAction` answers per controller).
@MainActor
@Suite("Manual segues, declared and found")
struct ManualSegueTests {
    static let demos = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets/Demos")
    static let storyboard = demos.appendingPathComponent("ManualSegues.storyboard").path

    private func run(_ keys: String, width: Int = 100, _ flags: [String: [String]] = [:]) throws -> AppHarness {
        let behaviours = try BehaviourFlags.combined(
            (flags["--performs"] ?? []).map(BehaviourFlags.performs) + (flags["--appears"] ?? []).map(BehaviourFlags.appears)
                + (flags["--selects"] ?? []).map(BehaviourFlags.selects))
        let implements = try (flags["--implements"] ?? []).map(StandIns.implementation(from:))
        return try AppHarness.storyboardWithoutCode(contentsOfFile: Self.storyboard, size: Size(width: width, height: 16), keys: keys) {
            let standIns = StandIns.terminal()
            standIns.behaviours = behaviours
            for (key, actions) in implements { standIns.implementations[key, default: []] += actions }
            return standIns
        }
    }

    private func stack(_ harness: AppHarness) -> [String] {
        ((harness.app.window.rootViewController as? NavigationController)?.viewControllers ?? []).map { $0.title ?? $0.storyboardIdentifier ?? "?" }
    }

    private func didNothing(_ harness: AppHarness) -> [String] {
        harness.events.compactMap { event in
            guard case .standInDidNothing = event else { return nil }
            return event.description
        }
    }

    // MARK: Defect 4: a press whose code is not here says so, and what would perform

    @Test("Issue 33, defect 4: Done, whose action performs a manual segue in Swift, says once on the status line which action, which controller, and the --performs for each segue of its scene")
    func pressThatDoesNothingSaysWhy() throws {
        let harness = try run("d", width: 150)
        #expect(stack(harness) == ["Home"])
        #expect(harness.bottomRow == "done: on Home did nothing without its code; try --performs 'HomeViewController.done:=showList' (or =showSettings)",
                "\(harness.text)")
        #expect(didNothing(harness) == [
            "done: did nothing on HomeViewController \"Home\": its code is not here; to perform a segue, declare "
                + "--performs 'HomeViewController.done:=showList' (or =showSettings)",
        ])
        // The next key is the user going on: the keys come back.
        try harness.run("<tab>")
        #expect(harness.bottomRow.hasPrefix("d Done"), "\(harness.bottomRow)")
    }

    @Test("In a narrower terminal the declaration to copy stays whole: the other segues go, then the words", arguments: [
        (100, "done: did nothing; try --performs 'HomeViewController.done:=showList' (or =showSettings)"),
        (80, "done: did nothing; try --performs 'HomeViewController.done:=showList'"),
        (60, "Try --performs 'HomeViewController.done:=showList'"),
    ])
    func narrowStatusLine(width: Int, row: String) throws {
        #expect(try run("d", width: width).bottomRow == row)
    }

    @Test("Declared as the message says, the same press performs the segue, and says nothing")
    func declaredPressPerforms() throws {
        let harness = try run("d", ["--performs": ["HomeViewController.done:=showSettings"]])
        #expect(harness.app.window.topViewController?.title == "Settings")
        #expect(didNothing(harness).isEmpty)
    }

    @Test("Issue 33, defect 4: lint with stand-ins warns for each manual segue nothing performs, naming the declarations that would (the scene's own actions; --selects only with a table); declared, the warning goes")
    func lintWarnsForUnperformedManualSegues() throws {
        func warnings(_ behaviours: StandInBehaviours) -> [String] {
            let standIns = StandIns.terminal()
            standIns.behaviours = behaviours
            let check = Storyboard.check(contentsOfFile: Self.storyboard, name: "ManualSegues.storyboard",
                                         classes: StoryboardWithoutCode.classes(standIns: standIns))
            return check.warnings.filter { $0.rule == .unperformedManualSegue }.map(\.description)
        }
        let all = warnings(StandInBehaviours())
        #expect(all.count == 4, "\(all)")
        let expected = "ManualSegues.storyboard:32: warning: the manual segue \"showList\" of scene \"Home\" (HomeViewController) is "
            + "performed from code (performSegue(withIdentifier:)), which storyboard run does not have, and no behaviour performs it; declare "
            + "what performs it: --performs 'HomeViewController.done:=showList' for a control's action, or --appears "
            + "'HomeViewController=showList' when the scene appears"
        #expect(all.first == expected)
        let declared = try BehaviourFlags.combined([
            BehaviourFlags.performs("HomeViewController.done:=showList"), BehaviourFlags.appears("LoaderViewController=finishLoading"),
            BehaviourFlags.selects("ListViewController=showItem"),
        ])
        #expect(warnings(declared).map { $0.contains("\"showSettings\"") } == [true], "\(warnings(declared))")
    }

    // MARK: Defect 5: segues performed from code outside an action

    @Test("Issue 33, defect 5: a segue performed when the scene appears (viewDidLoad, viewDidAppear) is declared with --appears, and performed once")
    func performedWhenTheSceneAppears() throws {
        #expect(stack(try run("s")) == ["Home", "Loading"])
        let harness = try run("s", ["--appears": ["LoaderViewController=finishLoading"]])
        #expect(stack(harness) == ["Home", "Loading", "Loaded"])
        // Back to Loading: it appears again, and does not perform again, as code that did it once.
        try harness.run("<esc>")
        #expect(stack(harness) == ["Home", "Loading"])
    }

    @Test("Issue 33, defect 5: a row's selection performs the segue --selects declares (tableView(_:didSelectRowAt:)), the cell as sender; undeclared, it says what to declare")
    func performedWhenARowIsSelected() throws {
        let list = ["--performs": ["HomeViewController.done:=showList"]]
        let undeclared = try run("d<enter>", width: 120, list)
        #expect(stack(undeclared) == ["Home", "List"])
        #expect(undeclared.bottomRow == "Selecting a row of List did nothing without its code; try --selects 'ListViewController=showItem'",
                "\(undeclared.text)")
        let declared = try run("d<enter>", list.merging(["--selects": ["ListViewController=showItem"]]) { $0 + $1 })
        #expect(stack(declared) == ["Home", "List", "Item"])
        let segue = declared.events.lazy.compactMap { event -> SegueID? in if case .prepare(let segue) = event { segue } else { nil } }.last
        #expect(segue?.identifier == "showItem")
    }

    // MARK: Defect 6: one scene of a class that several share

    @Test("Issue 33, defect 6: --implements CLASS#SCENE implements the action on that scene alone, so the unwind skips the others of its class, as UIKit asks each instance")
    func implementsOneScene() throws {
        // Quiz, Next, Next, Start Over.
        let keys = "u<enter><enter><enter>"
        let perScene = try run(keys, ["--implements": ["QuestionViewController#q1=startOver:"]])
        #expect(stack(perScene) == ["Home", "q1"], "\(perScene.text)")
        let perClass = try run(keys, ["--implements": ["QuestionViewController=startOver:"]])
        #expect(stack(perClass) == ["Home", "q1", "q2"])
    }

    @Test("Issue 33, defect 6: the trace and the inspector tell untitled scenes of one class apart by CLASS#SCENE, as they are declared")
    func scenesOfOneClassReadApart() throws {
        let harness = try run("u<enter><enter><enter>", ["--implements": ["QuestionViewController#q1=startOver:"]])
        let asked = harness.events.compactMap { event -> String? in
            if case .unwindAsked = event { return event.description.trimmingCharacters(in: .whitespaces) }
            return nil
        }
        #expect(asked.prefix(2) == [
            "ask QuestionViewController #q2 canPerformUnwindSegueAction(startOver:) → false (no such action)",
            "ask QuestionViewController #q1 canPerformUnwindSegueAction(startOver:) → true (implements startOver:)",
        ], "\(asked)")
        try harness.run("<f2>")
        #expect(harness.text.contains("QuestionViewController #q1"), "\(harness.text)")
    }

    @Test("The behaviours file says the same as the flags: appears, selects, and a class#scene key")
    func behavioursFileKeys() throws {
        let yaml = """
            classes:
              HomeViewController:
                performs:
                  done: showList
              ListViewController:
                selects: showItem
              LoaderViewController:
                appears: finishLoading
              QuestionViewController#q1:
                performs:
                  next: showItem
            """
        let behaviours = try BehavioursFile.read(Array(yaml.utf8), path: "b.yaml")
        #expect(behaviours.classes["ListViewController"]?.selects?.value == "showItem")
        #expect(behaviours.classes["ListViewController"]?.selects?.line == 6)
        #expect(behaviours.classes["LoaderViewController"]?.appears?.value == "finishLoading")
        #expect(behaviours.classes[StandInBehaviours.Key(className: "QuestionViewController", scene: "q1")]?.performs["next"]?.value == "showItem")
        // The last names a segue q1's scene has not: refused at its line, with the scene's segues.
        let standIns = StandIns.terminal()
        standIns.behaviours = behaviours
        do {
            _ = try StoryboardWithoutCode.makeWindow(contentsOfFile: Self.storyboard, name: "ManualSegues.storyboard", standIns: standIns)
            Issue.record("a segue q1 has not was accepted")
        } catch {
            #expect(error.errors.map(\.description) == [
                "b.yaml:11: error: no control of QuestionViewController#q1's scene sends next; there are none",
                "b.yaml:11: error: QuestionViewController#q1's scene has no segue with identifier \"showItem\", which performSegue(withIdentifier:) "
                    + "would trap on; there are none",
            ])
        }
    }

    @Test("The demo's behaviours file declares what its Swift side does: Done lists, Start loads, a row opens its item, Start Over lands on the first question; lint names only showSettings, which nothing performs")
    func demoBehavioursFile() throws {
        let file = Self.demos.appendingPathComponent("ManualSegues.behaviours.yaml").path
        let behaviours = try BehavioursFile.read(Array(try Data(contentsOf: URL(fileURLWithPath: file))), path: file)
        func run(_ keys: String) throws -> AppHarness {
            try AppHarness.storyboardWithoutCode(contentsOfFile: Self.storyboard, size: Size(width: 80, height: 16), keys: keys) {
                let standIns = StandIns.terminal()
                standIns.behaviours = behaviours
                return standIns
            }
        }
        #expect(stack(try run("d<enter>")) == ["Home", "List", "Item"])
        #expect(stack(try run("s")) == ["Home", "Loading", "Loaded"])
        let quiz = try run("u<enter><enter><enter>")
        #expect(stack(quiz) == ["Home", "q1"])
        #expect(quiz.bottomRow.hasPrefix("Unwind startOver: landed on QuestionViewController #q1"), "\(quiz.bottomRow)")
        let standIns = StandIns.terminal()
        standIns.behaviours = behaviours
        let check = Storyboard.check(contentsOfFile: Self.storyboard, classes: StoryboardWithoutCode.classes(standIns: standIns))
        #expect(check.errors.isEmpty && check.warnings.map(\.rule) == [.unperformedManualSegue], "\(check.warnings)")
    }

    @Test("A scene no scene of the class has is refused, naming the class's scenes")
    func unknownSceneRefused() throws {
        #expect(throws: StoryboardErrors.self) { try run("", ["--implements": ["QuestionViewController#q9=startOver:"]]) }
        do {
            _ = try run("", ["--implements": ["QuestionViewController#q9=startOver:"]])
        } catch {
            #expect("\(error)".contains("no scene of the class QuestionViewController has the Storyboard ID or id \"q9\"; its scenes are q1, q2, q3"),
                    "\(error)")
        }
        do {
            _ = try run("", ["--performs": ["QuestionViewController#q9.next:=x"]])
        } catch {
            #expect("\(error)".contains("no scene of the class QuestionViewController has the Storyboard ID or id \"q9\"; did you mean \"q1\"?"),
                    "\(error)")
        }
    }
}
