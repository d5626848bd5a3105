import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 2")
struct Rule02ChildrenBeforeTheLevelTests {
    @Test("Rule 02: at each level the allowed children are searched, recursively and depth first, before the level itself; the first that accepts is the destination; if none does, the search moves one level out")
    func childrenDepthFirstBeforeTheLevel() throws {
        let s = try Scenario("Rule02-ChildrenBeforeTheLevel", classes: [
            "EmptyViewController": [],
            "InnerViewController": ["unwindToGrid:"],
            "SourceViewController": [],
        ], register: { classes, recorder in
            classes.registerSegue(AddChildSegue.self)
            // Grid implements the action too, but its children come first.
            classes.register(StoryboardContainer.self, as: "GridViewController") {
                StoryboardContainer(storyboardClass: "Grid", childSegues: ["child1", "child2", "child3"], implements: ["unwindToGrid:"], recorder: recorder)
            }
            classes.register(StoryboardContainer.self, as: "LeftViewController") {
                StoryboardContainer(storyboardClass: "Left", childSegues: ["child1"], recorder: recorder)
            }
        })
        #expect(s.hierarchy == "Grid [Empty, Left [Inner], nav [Source]]")
        s.recorder.reset()

        try s.tap("Done", in: "Source")

        // nav, the first level, has no other child and refuses; at Grid, Empty refuses, then
        // Left's child Inner accepts before Left, and before Grid, are asked.
        #expect(s.callbacks == Scenario.unwind("done", action: "unwindToGrid:", from: "Source",
                                               search: ["asked nav false", "asked Empty false", "asked Inner true"], to: "Inner", executor: "Left"))
        #expect(try s.probe("Grid").received.isEmpty)
        // Grid and Left have no transition of their own to make: everything stays.
        #expect(s.hierarchy == "Grid [Empty, Left [Inner], nav [Source]]")
    }
}
