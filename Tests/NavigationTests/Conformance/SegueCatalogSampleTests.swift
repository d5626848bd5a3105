import Navigation
import Testing

/// Apple's SegueCatalog sample (SegueCatalog-Split.storyboard and SegueCatalog-Detail.storyboard):
/// a split view whose detail comes from another storyboard through a storyboard reference, and
/// Unwind in Master, from that storyboard's controller into the split view's master (rules 12
/// and 15).
@MainActor
@Suite("Conformance: Apple's SegueCatalog sample")
struct SegueCatalogSampleTests {
    private func scenario() throws -> Scenario {
        try Scenario("SegueCatalog-Split", classes: [
            "MasterViewController": ["unwindInMaster:"], "PushedViewController": [], "OuterViewController": [],
        ])
    }

    @Test("Rule 15: in Apple's SegueCatalog, Unwind in Master from the detail storyboard's controller, reached through a storyboard reference, lands on the master of the expanded split view; the detail stays")
    func unwindIntoTheMasterOfAnExpandedSplitView() throws {
        let s = try scenario()
        s.window.horizontalSizeClass = .regular
        #expect(s.hierarchy == "Split [masterNav [Master], detailNav [Outer]]")
        let outer = try s.probe("Outer")
        #expect(outer.storyboard?.name.hasSuffix("SegueCatalog-Detail.storyboard") == true, "Outer comes from the detail storyboard")
        s.recorder.reset()

        try s.tap("Unwind in Master", in: "Outer")

        // The detail's navigation controller refuses, then the split view's other child, the
        // master's navigation controller, finds Master. Both are on screen: nothing moves.
        #expect(s.callbacks == Scenario.unwind("unwindInMaster", action: "unwindInMaster:", from: "Outer",
                                               search: ["asked detailNav false", "asked Master true"], to: "Master", executor: "masterNav"))
        #expect(try s.probe("Master").received.first?.segue.source === outer)
        #expect(s.hierarchy == "Split [masterNav [Master], detailNav [Outer]]")
    }

    @Test("Rule 15: in Apple's SegueCatalog, Unwind in Master from the detail storyboard's controller lands on the master of a collapsed split view, popping the detail off the master's stack")
    func unwindIntoTheMasterOfACollapsedSplitView() throws {
        let s = try scenario()
        // Compact: the split collapsed as it first showed, the detail on the master's stack.
        #expect(s.hierarchy == "Split [masterNav [Master, detailNav [Outer]]]")
        s.recorder.reset()

        try s.tap("Unwind in Master", in: "Outer")

        #expect(s.callbacks == Scenario.unwind("unwindInMaster", action: "unwindInMaster:", from: "Outer",
                                               search: ["asked detailNav false", "asked Master true"], to: "Master", executor: "masterNav") + ["transition pop to Master in masterNav"]
                                                   + Scenario.appearance(disappearing: ["detailNav", "Outer"], loading: ["Master"], appearing: ["Master"]))
        // Master was under the detail since launch: its view loads just before it first shows.
        #expect(s.hierarchy == "Split [masterNav [Master]]")
    }

    @Test("Rule 15: in Apple's SegueCatalog, Push Detail shows the referenced storyboard's controller anew in the detail column, and Unwind in Master from it lands on the master")
    func pushDetailThenUnwind() throws {
        let s = try scenario()
        s.window.horizontalSizeClass = .regular
        let first = try s.controller("detailNav")
        s.recorder.reset()

        try s.tap("Push Detail", in: "Master")

        #expect(s.recorder.transitions == ["transition show detail detailNav in Split"])
        let shown = try s.controller("detailNav")
        #expect(shown !== first, "a segue to a reference instantiates the other storyboard's scene anew")
        #expect(s.hierarchy == "Split [masterNav [Master], detailNav [Outer]]")
        s.recorder.reset()

        try s.tap("Unwind in Master", in: "Outer")

        #expect(s.recorder.asked == ["asked detailNav false", "asked Master true"])
        #expect(try s.probe("Master").received.count == 1)
    }
}
