import App
import Foundation
import Navigation
import Terminal
import TestSupport
import Testing
import Views

/// A stand-in runs no code: as a table's delegate it hears a row chosen and does nothing. The
/// footer names Enter on a row only where Enter does something, the row's own segue.
/// (Apple's NavBar sample: Custom Appearance's rows said `Enter open`, and Enter did nothing.)
@MainActor
@Suite("Enter on a stand-in's rows")
struct StandInRowKeysTests {
    static let storyboard = Bundle.module.path(forResource: "RowsWithAndWithoutSegues", ofType: "storyboard", inDirectory: "Storyboards") ?? ""

    private func run(_ keys: String) throws -> (footer: String, app: Application) {
        let harness = try AppHarness.storyboardWithoutCode(contentsOfFile: Self.storyboard, size: Size(width: 80, height: 12), keys: keys)
        return (harness.lines.last ?? "", harness.app)
    }

    @Test("A sample row with a segue: the footer says Enter open, and Enter pushes")
    func rowWithSegue() throws {
        #expect(try run("").footer.contains("Enter open"))
        let (_, app) = try run("<enter>")
        #expect((app.window.rootViewController as? NavigationController)?.topViewController?.title == "Detail")
    }

    @Test("A sample row without a segue: the footer names no Enter, which would do nothing")
    func rowWithoutSegue() throws {
        let (footer, app) = try run("<down>")
        #expect(!footer.contains("Enter"), "\(footer)")
        #expect(footer.contains("↑/↓ move"), "\(footer)")
        #expect((app.window.rootViewController as? NavigationController)?.viewControllers.count == 1)
    }
}
