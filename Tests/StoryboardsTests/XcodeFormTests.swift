import Foundation
import Storyboards
import Testing

/// Edits written as Xcode writes them: on excerpts of a public project's history
/// (`XcodeEdits/README.md` cites each), the edit `wallet storyboard connect` makes gives Xcode's
/// "after" byte for byte, but for the ids, which are random in both.
@Suite("Edits in Xcode's own form")
struct XcodeFormTests {
    static func fixture(_ name: String) throws -> [UInt8] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("XcodeEdits")
        return Array(try Data(contentsOf: folder.appendingPathComponent(name)))
    }

    /// `text` with each of our new ids written as Xcode's.
    static func withXcodeIDs(_ bytes: [UInt8], _ ids: [String: String]) -> String {
        var text = String(decoding: bytes, as: UTF8.self)
        for (ours, xcodes) in ids { text = text.replacingOccurrences(of: "\"\(ours)\"", with: "\"\(xcodes)\"") }
        return text
    }

    @Test("A scene's manual unwind segue and its Exit, as Xcode added them to HabitRPG's storyboard")
    func unwindFromScene() throws {
        var edits = try StoryboardEdits(bytes: try Self.fixture("UnwindFromScene.before.storyboard"), file: "UnwindFromScene.storyboard", seed: 1)
        // As connect --from tGw-Sj-nll --unwind unwindToListSave: --identifier CastTaskSpellSegue does.
        let exit = try edits.addExit(inSceneOf: "tGw-Sj-nll")
        let segue = try edits.addSegue(from: "tGw-Sj-nll", ["destination": exit, "kind": "unwind", "unwindAction": "unwindToListSave:",
                                                            "identifier": "CastTaskSpellSegue"])
        let after = String(decoding: try Self.fixture("UnwindFromScene.after.storyboard"), as: UTF8.self)
        #expect(Self.withXcodeIDs(edits.bytes, [exit: "gID-Ki-rDo", segue: "m1U-d8-85O"]) == after)
    }

    @Test("An identifier given to a cell's segue, as Xcode gave it in HabitRPG's storyboard")
    func segueIdentifier() throws {
        var edits = try StoryboardEdits(bytes: try Self.fixture("SegueIdentifier.before.storyboard"), file: "SegueIdentifier.storyboard", seed: 1)
        // As connect --segue zja-mg-iLJ --identifier PartyFormSegue does.
        try edits.setAttribute("identifier", "PartyFormSegue", ofElementWithID: "zja-mg-iLJ")
        #expect(edits.bytes == (try Self.fixture("SegueIdentifier.after.storyboard")))
    }
}
