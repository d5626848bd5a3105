import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 18")
struct Rule18ShouldPerformStopsQuietlyTests {
    @Test("Rule 18: shouldPerformSegue returning false stops a control-triggered segue quietly; other effects of the event still happen")
    func shouldPerformFalseStopsTheSegueOnly() throws {
        let s = try Scenario("Rule18-ShouldPerformStopsQuietly", classes: ["DetailViewController": []], register: { classes, recorder in
            classes.register(SelectingViewController.self, as: "ListViewController") { SelectingViewController(recorder: recorder) }
        })
        let list = try #require(try s.controller("List") as? SelectingViewController)
        list.shouldPerformAnswer = false
        s.recorder.reset()

        try s.tap("Select", in: "List")

        // The button's action (the row becoming selected, in a table) happens; the segue stops.
        #expect(s.callbacks == [
            "call select: on List",
            "call shouldPerformSegue selectShow on List",
            "shouldPerformSegue selectShow on List → false",
        ])
        #expect(list.selections == 1)
        #expect(list.prepared.isEmpty)
        #expect(s.recorder.programmingErrors.isEmpty)
        #expect(s.hierarchy == "nav [List]")

        // Answering true, the same tap shows Detail.
        list.shouldPerformAnswer = true
        try s.tap("Select", in: "List")
        #expect(list.selections == 2)
        #expect(s.hierarchy == "nav [List, Detail]")
    }
}

/// A list whose Select button also sends `select:`, as a table's row selection does.
final class SelectingViewController: Probe {
    private(set) var selections = 0

    init(recorder: Recorder) {
        super.init("List", recorder: recorder)
        title = nil
        targets["select:"] = { [unowned self] in selections += 1 }
    }
}
