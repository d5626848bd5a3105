import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 8")
struct Rule08NearestWinsTests {
    @Test("Rule 08: same action in several places: the nearest wins; stack A → B → C with A and B implementing X: unwinding X from C lands on B")
    func nearestWins() throws {
        let s = try Scenario("Rule08-NearestWins", classes: [
            "XViewController": ["unwindToX:"],
            "CViewController": [],
        ])
        try s.tap("Next", in: "A")
        try s.tap("Next", in: "B")
        s.recorder.reset()

        try s.tap("Done", in: "C")

        #expect(s.callbacks == [
            "call shouldPerformSegue done on C",
            "shouldPerformSegue done on C → true",
            "unwindStarted unwindToX: from C",
            "asked B true",
            "destination B executor nav",
            "segueCreated UnwindSegue done C→B",
            "prepare UnwindSegue done C→B",
            "call prepare on C",
            "action unwindToX: on B",
            "call unwindToX: on B",
            "perform UnwindSegue done C→B",
            "transition pop to B in nav",
            "life viewWillDisappear C",
            "life viewWillAppear B",
            "life viewDidDisappear C",
            "life viewDidAppear B",
        ])
        #expect(try s.probe("A").received.isEmpty)
        #expect(s.hierarchy == "nav [A, B]")
    }
}
