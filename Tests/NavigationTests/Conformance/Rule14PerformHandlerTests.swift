import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 14")
struct Rule14PerformHandlerTests {
    @Test("Rule 14: a segue built with StoryboardSegue(identifier:source:destination:performHandler:) runs its handler exactly once when performed")
    func performHandlerRunsOnce() throws {
        let s = try Scenario("Rule14-PerformHandler", classes: ["AViewController": ["unwindToA:"], "BViewController": []],
                             register: { classes, recorder in
            classes.register(HandlerNavigationController.self) { HandlerNavigationController(recorder: recorder) }
        })
        try s.tap("Next", in: "A")
        s.recorder.reset()
        let nav1 = try #require(try s.controller("nav1") as? HandlerNavigationController)

        try s.tap("Done", in: "B")

        #expect(s.callbacks == [
            "call shouldPerformSegue done on B",
            "shouldPerformSegue done on B → true",
            "unwindStarted unwindToA: from B",
            "asked A true",
            "destination A executor nav1",
            "segueCreated StoryboardSegue done B→A",
            "prepare StoryboardSegue done B→A",
            "call prepare on B",
            "action unwindToA: on A",
            "call unwindToA: on A",
            "perform StoryboardSegue done B→A",
            "call performHandler",
            "transition pop to A in nav1",
        ] + Scenario.appearance(disappearing: ["B"], appearing: ["A"]))
        // Performed again, the segue does nothing: its handler ran once.
        let segue = try #require(nav1.segues.first)
        segue.perform()
        #expect(nav1.handlerRuns == 1)
        #expect(s.hierarchy == "nav1 [A]")
    }
}

/// A navigation controller whose unwind segues pop in a perform handler (TN2298 listing 3's
/// segueWithIdentifier:source:destination:performHandler:).
final class HandlerNavigationController: NavigationController {
    let recorder: Recorder
    private(set) var handlerRuns = 0
    private(set) var segues: [StoryboardSegue] = []

    init(recorder: Recorder) {
        self.recorder = recorder
        super.init()
    }

    override func segueForUnwinding(to destination: ViewController, from source: ViewController, identifier: String?) -> StoryboardSegue {
        let segue = StoryboardSegue(identifier: identifier, source: source, destination: destination) { [unowned self] in
            handlerRuns += 1
            recorder.call("performHandler")
            popToViewController(destination, animated: true)
        }
        segues.append(segue)
        return segue
    }
}
