import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 9")
struct Rule09OrderOfEventsTests {
    private func scenario() throws -> Scenario {
        let s = try Scenario("Rule09-OrderOfEvents", classes: ["AViewController": ["unwindToA:"], "SViewController": []])
        try s.tap("Next", in: "A")
        s.recorder.reset()
        return s
    }

    @Test("Rule 09: order of events: shouldPerformSegue(withIdentifier:sender:) on the source, then the destination search, then prepare(for:sender:) on the source, then the destination's unwind action, then the transition")
    func orderOfEvents() throws {
        let s = try scenario()

        try s.tap("Unwind", in: "S")

        #expect(s.callbacks == [
            "call shouldPerformSegue tapUnwind on S",
            "shouldPerformSegue tapUnwind on S → true",
            "unwindStarted unwindToA: from S",
            "asked A true",
            "destination A executor nav1",
            "segueCreated UnwindSegue tapUnwind S→A",
            "prepare UnwindSegue tapUnwind S→A",
            "call prepare on S",
            "action unwindToA: on A",
            "call unwindToA: on A",
            "perform UnwindSegue tapUnwind S→A",
            "transition pop to A in nav1",
            "life viewWillDisappear S",
            "life viewWillAppear A",
            "life viewIsAppearing A",
            "life viewDidDisappear S",
            "life viewDidAppear A",
        ])
        // The overrides ran in that order too, the life-cycle calls last.
        #expect(s.recorder.log.filter { $0.hasPrefix("call ") } == [
            "call shouldPerformSegue tapUnwind on S",
            "call prepare on S",
            "call unwindToA: on A",
            "call viewWillDisappear S",
            "call viewWillAppear A",
            "call viewIsAppearing A",
            "call viewDidDisappear S",
            "call viewDidAppear A",
        ])
        #expect(s.hierarchy == "nav1 [A]")
    }

    @Test("Rule 09: shouldPerformSegue returning false cancels a control-triggered unwind silently")
    func shouldPerformFalseCancelsSilently() throws {
        let s = try scenario()
        try s.probe("S").shouldPerformAnswer = false

        try s.tap("Unwind", in: "S")

        #expect(s.callbacks == ["call shouldPerformSegue tapUnwind on S", "shouldPerformSegue tapUnwind on S → false"])
        #expect(s.recorder.programmingErrors.isEmpty)
        #expect(s.hierarchy == "nav1 [A, S]")
    }
}
