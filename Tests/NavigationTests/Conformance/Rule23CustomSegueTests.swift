import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 23")
struct Rule23CustomSegueTests {
    @Test("Rule 23: custom segues: a segue subclass registered by name whose perform() does the transition itself")
    func customSegueDoesTheTransition() throws {
        let s = try Scenario("Rule23-CustomSegue", classes: ["SViewController": [], "DetailViewController": []], register: { classes, _ in
            classes.registerSegue(FadeSegue.self)
        })
        s.recorder.reset()

        try s.tap("Fade", in: "S")

        #expect(s.callbacks == Scenario.forward("FadeSegue", "fade", from: "S", to: "Detail") + [
            "call FadeSegue.perform",
            "transition present Detail by nav asked by S",
        ] + Scenario.appearance(loading: ["Detail"], appearing: ["Detail"], presentation: true))
        let prepared = try #require(try s.probe("S").prepared.first?.segue)
        #expect(prepared is FadeSegue, "prepare sees the storyboard's class")
        // FadeSegue (StoryboardLoadingTests.swift) presents, in its own perform().
        #expect(s.hierarchy == "nav [S] presenting Detail")
    }
}
