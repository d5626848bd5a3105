import Foundation
import Navigation
import StoryboardBehaviours
import Storyboards
import TestSupport
import Testing
import Views

/// Issue 46: what lint says of storyboards nobody here wrote, each warning naming what the
/// storyboard has and what the terminal lacks, never a placeholder or a wrong reason.
@MainActor
@Suite("Lint, second round: what it says names what is there")
struct LintSecondRoundTests {
    static let storyboard = Bundle.module.path(forResource: "LintSecondRound", ofType: "storyboard", inDirectory: "Storyboards") ?? ""

    private func check(_ flags: [String: [String]] = [:]) throws -> StoryboardCheck {
        let standIns = StandIns.terminal()
        standIns.behaviours = try BehaviourFlags.combined((flags["--selects"] ?? []).map(BehaviourFlags.selects))
        for flag in flags["--implements"] ?? ["DetailViewController=backToDetail:"] {
            let (key, actions) = try StandIns.implementation(from: flag)
            standIns.implementations[key, default: []] += actions
        }
        return Storyboard.check(contentsOfFile: Self.storyboard, name: "L.storyboard", classes: StoryboardWithoutCode.classes(standIns: standIns))
    }

    private func messages(_ check: StoryboardCheck, _ rule: StoryboardRule) -> [String] {
        check.warnings.filter { $0.rule == rule }.map(\.message)
    }

    @Test("A refresh control's action is said to need a pull to refresh, which the terminal lacks, not a table view controller, which it has")
    func refreshControl() throws {
        let found = messages(try check(), .unfireableConnection).filter { $0.contains("refresh control") }
        #expect(found == ["the action refresh: of a refresh control never runs: the terminal has no pull to refresh; use a button or a bar "
            + "button item (a Refresh) for what should run it"])
    }

    @Test("A long-press recognizer is named as such")
    func longPress() throws {
        #expect(messages(try check(), .unfireableConnection).contains { $0.hasPrefix("the show segue of a long press gesture recognizer never runs") })
    }

    @Test("An identifier used three times is said to be, on each use after the first")
    func duplicateCounted() throws {
        let found = messages(try check(), .duplicateSegueIdentifier)
        #expect(found.count == 2 && found.allSatisfy { $0.hasPrefix("segue identifier \"dup\" is used 3 times in scene \"Detail\"") }, "\(found)")
    }

    @Test("A manual segue offers only what its scene has: no ACTION placeholder, no --selects without a table")
    func manualSegueOffersWhatTheSceneHas() throws {
        let found = messages(try check(), .unperformedManualSegue)
        #expect(!found.isEmpty && found.allSatisfy { !$0.contains("ACTION") && !$0.contains("--selects") && $0.contains("--appears 'DetailViewController=dup'") },
                "\(found)")
    }

    @Test("An unwind whose only implementer is its own source is warned of: UIKit never asks the source")
    func onlyTheSourceImplements() throws {
        let found = messages(try check(), .unimplementedUnwindAction)
        #expect(found.count == 4 && found.allSatisfy { $0.hasPrefix("the only scene that implements the unwind action backToDetail: is this segue's own source") },
                "\(found)")
        // Another scene implementing it, the warning goes.
        let both = messages(try check(["--implements": ["DetailViewController=backToDetail:", "ListViewController=backToDetail:"]]), .unimplementedUnwindAction)
        #expect(both.isEmpty, "\(both)")
    }

    @Test("--selects naming a segue the cell already triggers is warned of, and run still runs it")
    func selectsATriggeredSegue() throws {
        let standIns = StandIns.terminal()
        standIns.behaviours = try BehaviourFlags.combined([BehaviourFlags.selects("ListViewController=showItem")])
        let storyboard = try Storyboard(contentsOfFile: Self.storyboard, classes: StoryboardWithoutCode.classes(standIns: standIns))
        let problems = storyboard.behaviourProblems(standIns.behaviours)
        #expect(problems.map(\.rule) == [.selectedTwice], "\(problems)")
        #expect(problems.first?.isError == false)
        _ = try StoryboardWithoutCode.makeWindow(contentsOfFile: Self.storyboard, standIns: standIns)
    }
}
