import Foundation
import Navigation
import SnapshotTesting
import Terminal
import TestSupport
import Testing
import Views

/// Issue 46: storyboards as today's Xcode writes them, drawn. Each fixture (in
/// `Tests/AppTests/Storyboards/`, each form cited there) is run without its code, as
/// `wallet storyboard run` runs it, and its screen kept as text.
@MainActor
@Suite("Storyboards as today's Xcode writes them, on screen", .snapshots(record: screenSnapshotRecording))
struct ModernStoryboardScreenTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("AppTests/Storyboards")

    private func run(_ name: String, size: Size, keys: String = "") throws -> AppHarness {
        try AppHarness.storyboardWithoutCode(contentsOfFile: Self.fixtures.appendingPathComponent(name + ".storyboard").path, size: size, keys: keys)
    }

    @Test("A three-column split at 120x30, and collapsed to its secondary at 80x24")
    func columnSplit() throws {
        assertSnapshot(of: try run("ColumnSplit", size: Size(width: 120, height: 30)).text, as: .lines, named: "column-split-120x30")
        assertSnapshot(of: try run("ColumnSplit", size: Size(width: 80, height: 24)).text, as: .lines, named: "column-split-80x24")
    }

    @Test("Configured and symbol-only buttons with their key letters, tab items named by their symbols, list-content cells")
    func configuredContent() throws {
        let buttons = try run("ModernContent", size: Size(width: 80, height: 12))
        assertSnapshot(of: buttons.text, as: .lines, named: "modern-buttons-80x12")
        #expect(!buttons.text.contains("Button") && !buttons.text.contains("[  ]"), "\(buttons.text)")
        #expect(buttons.bottomRow.contains("c chevron.down") && buttons.bottomRow.contains("g gear"), "\(buttons.bottomRow)")
        let cells = try run("ModernContent", size: Size(width: 80, height: 12), keys: "<c-n>")
        assertSnapshot(of: cells.text, as: .lines, named: "modern-list-content-80x12")
        #expect(cells.text.contains("Notifications") && cells.text.contains("Sounds and badges") && cells.text.contains("Privacy"))
        // The symbol-only button is a button: its key presses it.
        let pressed = try run("ModernContent", size: Size(width: 80, height: 12), keys: "c")
        #expect(pressed.text.contains("Details"), "\(pressed.text)")
    }

    @Test("A SwiftUI hosting controller and a video player, each saying what it is")
    func systemControllers() throws {
        assertSnapshot(of: try run("SystemControllers", size: Size(width: 80, height: 12), keys: "s").text, as: .lines, named: "hosting-controller-80x12")
        assertSnapshot(of: try run("SystemControllers", size: Size(width: 80, height: 12), keys: "p").text, as: .lines, named: "player-80x12")
    }
}
