import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 4")
struct Rule04AcceptsWhenItImplementsTheActionTests {
    @Test("Rule 04: a controller accepts when canPerformUnwindSegueAction(_:from:sender:) is true: by default, when it implements the action and is not the source itself")
    func acceptsWhenItImplementsTheActionAndIsNotTheSource() throws {
        let s = try Scenario("Rule04-AcceptsWhenItImplementsTheAction", classes: [
            "InboxViewController": ["unwindToInbox:"],
            "PlainViewController": [],
            "DraftViewController": ["unwindToInbox:"],
        ], register: { classes, recorder in
            classes.registerSegue(AddChildSegue.self)
            classes.register(EveryChildContainer.self, as: "BoxViewController") {
                EveryChildContainer(storyboardClass: "Box", childSegues: ["child1", "child2", "child3"], recorder: recorder)
            }
        })
        let inbox = try s.probe("Inbox"), plain = try s.probe("Plain"), draft = try s.probe("Draft")
        #expect(inbox.canPerformUnwindSegueAction("unwindToInbox:", from: draft, sender: nil))
        #expect(!plain.canPerformUnwindSegueAction("unwindToInbox:", from: draft, sender: nil))
        #expect(!draft.canPerformUnwindSegueAction("unwindToInbox:", from: draft, sender: nil))
        s.recorder.reset()

        try s.tap("Done", in: "Draft")

        // Box lists every child, last first, the source's too: Draft refuses (it is the source),
        // Plain refuses (it does not implement the action), Inbox accepts.
        #expect(s.callbacks == Scenario.unwind("done", action: "unwindToInbox:", from: "Draft",
                                               search: ["asked Draft false", "asked Plain false", "asked Inbox true"], to: "Inbox", executor: "Box"))
        #expect(draft.received.isEmpty)
        #expect(s.hierarchy == "Box [Inbox, Plain, Draft]")
    }
}

/// Lists every child for unwinding, last first, the one containing the source included.
final class EveryChildContainer: StoryboardContainer {
    override func allowedChildrenForUnwinding(from source: UnwindSegueSource) -> [ViewController] {
        children.reversed()
    }
}
