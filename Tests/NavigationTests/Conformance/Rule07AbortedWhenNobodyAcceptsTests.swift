import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 7")
struct Rule07AbortedWhenNobodyAcceptsTests {
    @Test("Rule 07: if no controller accepts, the unwind is aborted: no prepare, no action, no transition, the source stays on screen; the trace records the failure")
    func abortedWhenNobodyAccepts() throws {
        let s = try Scenario("Rule07-AbortedWhenNobodyAccepts", classes: [
            "FirstViewController": [],
            "ThirdViewController": [],
            // Implemented by a scene of the storyboard, but none is on screen.
            "SettingsViewController": ["unwindToSettings:"],
        ])
        try s.tap("Present", in: "First")
        s.recorder.reset()

        try s.tap("Settings", in: "Third")

        #expect(s.callbacks == [
            "call shouldPerformSegue settings on Third",
            "shouldPerformSegue settings on Third → true",
            "unwindStarted unwindToSettings: from Third",
            "asked nav2 false",
            "asked First false",
            "asked nav1 false",
            "aborted unwindToSettings: from Third",
        ])
        #expect(try s.probe("Third").prepared.isEmpty)
        #expect(s.hierarchy == "nav1 [First] presenting nav2 [Third]")
        #expect(try s.window.topViewController === s.controller("nav2"))
        #expect(s.recorder.programmingErrors.isEmpty, "an unwind nobody accepts is not a programming error")
    }
}
