import Navigation
import Testing

@MainActor
@Suite("Conformance: rule 1")
struct Rule01NextResponderTests {
    @Test("Rule 01: the search starts at the next responder of the source: for a controller presented modally, the controller that presented it; otherwise its parent")
    func searchStartsAtTheNextResponder() throws {
        let s = try Scenario("Rule01-NextResponder", classes: [
            "MenuViewController": ["unwindToMenu:"],
            "PageViewController": [],
            // The source implements the action too: it is never asked.
            "SheetViewController": ["unwindToMenu:"],
        ])
        try s.tap("Next", in: "Menu")
        try s.tap("Compose", in: "Page")
        s.recorder.reset()

        // Presented: Sheet's presenter, Page, is the first level; then Page's parent.
        try s.tap("Done", in: "Sheet")

        #expect(s.callbacks == Scenario.unwind("done", action: "unwindToMenu:", from: "Sheet",
                                               search: ["asked Page false", "asked Menu true"], to: "Menu", executor: "nav1") + [
            "transition pop to Menu in nav1",
        ] + Scenario.appearance(disappearing: ["Page"], appearing: ["Menu"]) + [
            // The sheet kept its presenter on screen: the pop under it is seen, and its dismissal
            // reveals nothing that had gone.
            "transition dismiss Sheet topmost Sheet",
        ] + Scenario.appearance(disappearing: ["Sheet"], presentation: true))
        #expect(s.hierarchy == "nav1 [Menu]")

        // Pushed: Page's parent, nav1, is the first level; Page itself is not asked.
        try s.tap("Next", in: "Menu")
        s.recorder.reset()
        try s.tap("Menu", in: "Page")

        #expect(s.recorder.asked == ["asked Menu true"])
        #expect(s.callbacks.contains("destination Menu executor nav1"))
        #expect(s.hierarchy == "nav1 [Menu]")
    }
}
