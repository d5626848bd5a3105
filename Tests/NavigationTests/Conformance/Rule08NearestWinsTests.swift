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

        #expect(s.callbacks == Scenario.unwind("done", action: "unwindToX:", from: "C", search: ["asked B true"], to: "B", executor: "nav")
            + ["transition pop to B in nav"]
            + Scenario.appearance(disappearing: ["C"], appearing: ["B"]))
        #expect(try s.probe("A").received.isEmpty)
        #expect(s.hierarchy == "nav [A, B]")
    }
}
