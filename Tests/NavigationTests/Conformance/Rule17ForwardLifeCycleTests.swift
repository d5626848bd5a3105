import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 17")
struct Rule17ForwardLifeCycleTests {
    @Test("Rule 17: life cycle of a forward segue: destination instantiated → segue created → prepare(for:sender:) on the source → perform() → segue released")
    func forwardLifeCycle() throws {
        let s = try Scenario("Rule17-ForwardLifeCycle", classes: ["FirstViewController": [], "ThirdViewController": []])
        let first = try s.probe("First")
        first.keepsPreparedSegues = false
        s.recorder.reset()

        try s.tap("Present", in: "First")

        #expect(s.callbacks == [
            "call shouldPerformSegue present on First",
            "shouldPerformSegue present on First → true",
            "instantiated nav2",
            "segueCreated PresentationSegue present First→nav2",
            "prepare PresentationSegue present First→nav2",
            "call prepare on First",
            "perform PresentationSegue present First→nav2",
            "transition present nav2 by nav1 asked by First",
            "life viewDidLoad nav2",
            "life viewWillAppear nav2",
            "life viewDidLoad Third",
            "life viewWillAppear Third",
            "life viewIsAppearing nav2",
            "life viewIsAppearing Third",
            "life viewDidAppear nav2",
            "life viewDidAppear Third",
        ])
        #expect(first.destinationViewLoadedAtPrepare == [false], "in prepare the destination's view is not loaded yet, as in UIKit")
        #expect(first.preparedWeakly.count == 1)
        #expect(first.preparedWeakly.first?.object == nil, "the segue is released once performed")
        #expect(s.hierarchy == "nav1 [First] presenting nav2 [Third]")
    }
}
