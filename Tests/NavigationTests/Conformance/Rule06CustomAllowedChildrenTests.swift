import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 6")
struct Rule06CustomAllowedChildrenTests {
    @Test("Rule 06: containers may override the allowed-children step for custom logic; childContaining(_:) is the engine's and is not overridden")
    func customAllowedChildren() throws {
        let s = try Scenario("Rule06-CustomAllowedChildren", classes: [
            "BookViewController": ["unwindToShelf:"],
            "SourceViewController": [],
        ], register: { classes, recorder in
            classes.registerSegue(AddChildSegue.self)
            classes.register(ReversingContainer.self, as: "ShelfViewController") {
                ReversingContainer(storyboardClass: "Shelf", childSegues: ["child1", "child2", "child3"], recorder: recorder)
            }
        })
        let shelf = try #require(try s.controller("Shelf") as? ReversingContainer)
        let nav = try s.controller("nav"), source = try s.probe("Source")
        s.recorder.reset()

        try s.tap("Done", in: "Source")

        // The default order would find A, the first child; the shelf's order finds B.
        #expect(s.callbacks == Scenario.unwind("done", action: "unwindToShelf:", from: "Source",
                                               search: ["asked nav false", "asked B true"], to: "B", executor: "Shelf"))
        #expect(try s.probe("A").received.isEmpty)
        // The container was told what the unwind is about, and found the child on the source's
        // way with the engine's childContaining(_:).
        let asked = try #require(shelf.sources.first)
        #expect(asked.sourceViewController === source && asked.unwindAction == "unwindToShelf:")
        #expect(shelf.containing.count == 1 && shelf.containing.first === nav)
        #expect(s.hierarchy == "Shelf [A, B, nav [Source]]")
    }
}

/// Searches its children last first, and remembers what it was told.
final class ReversingContainer: StoryboardContainer {
    private(set) var sources: [UnwindSegueSource] = []
    private(set) var containing: [ViewController] = []

    override func allowedChildrenForUnwinding(from source: UnwindSegueSource) -> [ViewController] {
        sources.append(source)
        let child = childContaining(source)
        if let child { containing.append(child) }
        return children.reversed().filter { $0 !== child }
    }
}
