import App
import Foundation
import Navigation
import Terminal
import TestSupport
import Testing
import Views

/// What issue 32 (defect 13) met in storyboards nobody here wrote, run with stand-ins: each
/// thing an author put in the file is drawn and reachable as UIKit would have it, never as the
/// file spells it.
@MainActor
@Suite("Storyboards nobody here wrote, on screen")
struct StrangerStoryboardTests {
    static let storyboard = Bundle.module.path(forResource: "Stranger", ofType: "storyboard", inDirectory: "Storyboards") ?? ""

    private func run(_ keys: String) throws -> AppHarness {
        try AppHarness.storyboardWithoutCode(contentsOfFile: Self.storyboard, size: Size(width: 80, height: 16), keys: keys)
    }

    private func top(_ harness: AppHarness) -> String? {
        (harness.app.window.rootViewController as? NavigationController)?.topViewController?.title
    }

    @Test("A label's U+2028 line separator breaks its line, as UIKit breaks it, and is not drawn")
    func lineSeparator() throws {
        let harness = try run("")
        #expect(!harness.text.contains("U+2028") && !harness.text.contains("\u{2028}"), "\(harness.text)")
        #expect(harness.lines.contains { $0.trimmingCharacters(in: .whitespaces) == "A" }, "\(harness.text)")
        #expect(harness.lines.contains { $0.trimmingCharacters(in: .whitespaces) == "ViewController" }, "\(harness.text)")
    }

    @Test("A + bar button (systemItem add) has a key, +, which the footer names, and which presses it")
    func addBarButton() throws {
        #expect(try run("").bottomRow.contains("+ add"))
        #expect(top(try run("+")) == "Added")
    }

    @Test("Buttons that start with the same letter each get a key of their own, named in the footer")
    func sharedFirstLetter() throws {
        let footer = try run("").bottomRow
        #expect(footer.contains("s Show Settings") && footer.contains("l Show List"), "\(footer)")
        #expect(top(try run("s")) == "Settings")
        #expect(top(try run("l")) == "List")
    }

    @Test("A prototype cell without a reuse identifier is a sample row that says it has none, never its element id")
    func prototypeWithoutIdentifier() throws {
        let harness = try run("l")
        #expect(!harness.text.contains("DW5-mm-Ecf"), "\(harness.text)")
        #expect(harness.text.contains("(prototype cell, no reuse identifier)"), "\(harness.text)")
    }
}
