import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 11")
struct Rule11SegueObjectTests {
    private func scenario() throws -> Scenario {
        let s = try Scenario("Rule11-SegueObject", classes: ["AViewController": ["unwindToA:"], "SViewController": []])
        try s.tap("Next", in: "A")
        s.recorder.reset()
        return s
    }

    @Test("Rule 11: the segue object handed to prepare and to the unwind action has source = the initiator, destination = the found controller, identifier = the storyboard identifier or nil")
    func segueObjectContents() throws {
        // A control's unwind without an identifier: the control is the sender.
        let s = try scenario()
        let a = try s.probe("A"), source = try s.probe("S")
        let control = try button("Unwind", in: source)
        control.sendActions()

        let prepared = try #require(source.prepared.first)
        #expect(prepared.segue.source === source)
        #expect(prepared.segue.destination === a)
        #expect(prepared.segue.identifier == nil)
        #expect(prepared.sender as? Button === control)
        #expect(a.received.first?.segue === prepared.segue, "prepare and the unwind action see one segue object")
        #expect(s.callbacks == [
            "call shouldPerformSegue  on S",
            "shouldPerformSegue  on S → true",
            "unwindStarted unwindToA: from S",
            "asked A true",
            "destination A executor nav1",
            "segueCreated UnwindSegue nil S→A",
            "prepare UnwindSegue nil S→A",
            "call prepare on S",
            "action unwindToA: on A",
            "call unwindToA: on A",
            "perform UnwindSegue nil S→A",
            "transition pop to A in nav1",
        ] + Scenario.appearance(disappearing: ["S"], appearing: ["A"]))
        #expect(s.hierarchy == "nav1 [A]")

        // The scene's manual unwind, from code, with the caller's sender.
        let other = try scenario()
        let a2 = try other.probe("A"), source2 = try other.probe("S")
        try other.perform("back", from: "S", sender: "token")
        let prepared2 = try #require(source2.prepared.first)
        #expect(prepared2.segue.identifier == "back")
        #expect(prepared2.segue.source === source2 && prepared2.segue.destination === a2)
        #expect(prepared2.sender as? String == "token")
        #expect(a2.received.first?.segue === prepared2.segue)
        #expect(other.hierarchy == "nav1 [A]")
    }
}
