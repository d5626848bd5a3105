import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 3")
struct Rule03NavigationStackTopDownTests {
    @Test("Rule 03: the default allowed children are the children minus the child that contains the source; a navigation controller lists its stack from the top down, so the nearest instance wins")
    func navigationStackTopDown() throws {
        let s = try Scenario("Rule03-NavigationStackTopDown", classes: [
            "ListViewController": ["unwindToList:"],
            "PageViewController": [],
            "SourceViewController": [],
        ])
        try s.tap("Next", in: "A")
        try s.tap("Next", in: "B")
        try s.tap("Compose", in: "P")
        #expect(s.hierarchy == "nav1 [A, B, P] presenting nav2 [Source]")
        s.recorder.reset()

        try s.tap("Done", in: "Source")

        // P asked for nav2, and nav1, covering the screen, presented it: the search starts at
        // nav1, whose stack is asked from the top down: P, then B, then it would ask A.
        #expect(s.recorder.asked == ["asked nav2 false", "asked P false", "asked B true"])
        #expect(s.callbacks == Scenario.unwind("done", action: "unwindToList:", from: "Source",
                                               search: ["asked nav2 false", "asked P false", "asked B true"], to: "B", executor: "nav1") + [
            "transition pop to B in nav1",
        ] + Scenario.appearance(disappearing: ["P"], appearing: ["B"]) + [
            "transition dismiss nav2 topmost nav2",
        ] + Scenario.appearance(disappearing: ["nav2", "Source"], presentation: true))
        #expect(try s.probe("A").received.isEmpty)
        #expect(s.hierarchy == "nav1 [A, B]")
    }
}
