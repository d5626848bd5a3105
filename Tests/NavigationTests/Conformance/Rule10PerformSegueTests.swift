import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 10")
struct Rule10PerformSegueTests {
    private func scenario() throws -> Scenario {
        let s = try Scenario("Rule10-PerformSegueAndUnknownIdentifiers", classes: [
            "AViewController": ["unwindToA:"], "SViewController": [], "DetailViewController": [],
        ])
        try s.tap("Next", in: "A")
        // S would refuse every segue a control triggers.
        try s.probe("S").shouldPerformAnswer = false
        s.recorder.reset()
        return s
    }

    @Test("Rule 10: performSegue(withIdentifier:sender:) never calls shouldPerformSegue")
    func performSegueDoesNotAskShouldPerform() throws {
        let s = try scenario()
        let source = try s.probe("S")

        // A control's forward segue, performed from code.
        try s.perform("showDetails", from: "S")
        #expect(s.callbacks == [
            "instantiated Detail",
            "segueCreated ShowSegue showDetails S→Detail",
            "prepare ShowSegue showDetails S→Detail",
            "call prepare on S",
            "perform ShowSegue showDetails S→Detail",
            "transition push Detail onto nav1",
        ] + Scenario.appearance(disappearing: ["S"], loading: ["Detail"], appearing: ["Detail"]))
        #expect(s.hierarchy == "nav1 [A, S, Detail]")

        // A control's unwind segue, performed from code.
        _ = (try s.controller("nav1") as? NavigationController)?.popViewController(animated: false)
        s.recorder.reset()
        try s.perform("tapUnwind", from: "S")
        #expect(!s.callbacks.contains { $0.contains("shouldPerformSegue") })
        #expect(s.callbacks.first == "unwindStarted unwindToA: from S")
        #expect(s.callbacks.contains("call unwindToA: on A"))
        #expect(source.shouldPerformAsked.isEmpty)
        #expect(s.hierarchy == "nav1 [A]")
    }

    @Test("Rule 10: an unknown identifier is a programming error reported loudly, with the identifier and the controller, never ignored")
    func unknownIdentifierIsReported() throws {
        let s = try scenario()

        try s.perform("noSuchSegue", from: "S")

        let message = try #require(s.recorder.programmingErrors.first)
        #expect(s.callbacks == ["error \(message)"])
        #expect(message.contains("\"noSuchSegue\""))
        #expect(message == "Probe \"S\" has no segue with identifier \"noSuchSegue\" in its storyboard scene")
        #expect(s.hierarchy == "nav1 [A, S]")
    }
}
