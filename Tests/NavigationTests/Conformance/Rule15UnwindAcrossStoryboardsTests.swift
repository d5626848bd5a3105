import Foundation
import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 15")
struct Rule15UnwindAcrossStoryboardsTests {
    /// Rule15-UnwindAcrossStoryboards.storyboard in a window, with its Home scene's class
    /// implementing unwindToHome: and the Detail scene of the other storyboard implementing nothing.
    @MainActor
    private struct Run {
        let recorder = Recorder()
        let storyboard: Storyboard
        let window: Window

        init() throws {
            let classes = StoryboardClasses()
            classes.registerView(element: "button") { Button() }
            classes.register(Probe.self, as: "HomeViewController") { [recorder] in Probe("Home", implements: ["unwindToHome:"], recorder: recorder) }
            classes.register(Probe.self, as: "DetailPageViewController") { [recorder] in Probe("Detail", recorder: recorder) }
            let url = try #require(Bundle.module.url(forResource: "Rule15-UnwindAcrossStoryboards", withExtension: "storyboard",
                                                     subdirectory: "Storyboards/Conformance"))
            let check = Storyboard.check(contentsOfFile: url.path, name: "Rule15-UnwindAcrossStoryboards.storyboard", classes: classes)
            #expect(check.errors.isEmpty && check.warnings.isEmpty, "\(check.errors.map(\.description) + check.warnings.map(\.description))")
            storyboard = try Storyboard(contentsOfFile: url.path, classes: classes)
            window = NavigationTests.window(showing: try #require(storyboard.instantiateInitialViewController()), recorder: recorder)
        }

        var navigation: NavigationController? { window.rootViewController as? NavigationController }
        var stack: [String] { navigation?.viewControllers.map { ($0 as? Probe)?.name ?? "?" } ?? [] }
    }

    @Test("Rule 15: unwinding works across storyboards: a controller loaded from another storyboard (storyboard reference) is a destination like any other")
    func unwindAcrossStoryboards() throws {
        let run = try Run()
        let home = try #require(run.navigation?.viewControllers.first as? Probe)

        try button("Details", in: home).sendActions()
        let detail = try #require(run.navigation?.topViewController as? Probe)
        #expect(run.stack == ["Home", "Detail"])
        // Made from the other storyboard, which the reference opened beside this one.
        #expect(detail.storyboard !== run.storyboard)
        #expect(detail.storyboard?.name.hasSuffix("Rule15-UnwindAcrossStoryboards-Detail.storyboard") == true)
        run.recorder.reset()

        try button("Done", in: detail).sendActions()

        let unwind = Scenario.unwind("done", action: "unwindToHome:", from: "Detail", search: ["asked Home true"], to: "Home", executor: "nav")
        #expect(run.recorder.log.filter { !$0.hasPrefix("call view") }
                == unwind + ["transition pop to Home in nav"] + Scenario.appearance(disappearing: ["Detail"], appearing: ["Home"]))
        #expect(home.received.map(\.action) == ["unwindToHome:"])
        #expect(home.received.first?.segue.source === detail)
        #expect(run.stack == ["Home"])
    }
}
