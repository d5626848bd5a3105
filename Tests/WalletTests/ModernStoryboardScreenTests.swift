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

    @Test("A pop-up button shows its selected command, opens its menu by its control, and shows the one chosen")
    func popUpButton() throws {
        let closed = try run("Menus", size: Size(width: 80, height: 16))
        // The command whose state is on, not the "Button" Xcode leaves in the state and configuration.
        #expect(closed.lines[2].contains("[ Oldest first ]") && !closed.text.contains("Button"), "\(closed.text)")
        let open = try run("Menus", size: Size(width: 80, height: 16), keys: "o")
        assertSnapshot(of: open.text, as: .lines, named: "pop-up-menu-80x16")
        // Below its button, the selected command checked.
        #expect(open.lines[4].contains("Newest first") && open.lines[5].contains("✓ Oldest first"), "\(open.text)")
        // Opening a menu presents nothing: UIKit shows it outside the presentation chain.
        #expect(open.window.rootViewController?.presentedViewController == nil)
        #expect(!open.events.contains { if case .lifeCycle(.viewWillDisappear, _) = $0 { true } else { false } })
        let chosen = try run("Menus", size: Size(width: 80, height: 16), keys: "o<down><down><enter>")
        #expect(chosen.lines[2].contains("[ Unread first ]") && !chosen.text.contains("┌"), "\(chosen.text)")
        // Its key letter follows its title: u now.
        let again = try run("Menus", size: Size(width: 80, height: 16), keys: "o<down><down><enter>u")
        #expect(again.text.contains("✓ Unread first") && !again.text.contains("✓ Oldest first"), "\(again.text)")
    }

    @Test("A pull-down menu: groups between lines, a submenu and back, a command's segue and its action; a bar item's menu")
    func pullDownMenu() throws {
        let open = try run("Menus", size: Size(width: 80, height: 16), keys: "s")
        assertSnapshot(of: open.text, as: .lines, named: "pull-down-menu-80x16")
        let submenu = try run("Menus", size: Size(width: 80, height: 16), keys: "s<up><enter>")
        #expect(submenu.text.contains("Move to") && submenu.text.contains("Work") && !submenu.text.contains("Archive"), "\(submenu.text)")
        // Esc in a submenu goes back to its parent; Esc there closes the menu.
        let back = try run("Menus", size: Size(width: 80, height: 16), keys: "s<up><enter><esc>")
        #expect(back.text.contains("Archive"), "\(back.text)")
        let closed = try run("Menus", size: Size(width: 80, height: 16), keys: "s<up><enter><esc><esc>")
        #expect(!closed.text.contains("┌") && closed.text.contains("[ Share ]"), "\(closed.text)")
        // Details performs its show segue; Copy Link sends copyLink:, which the scene's code would implement.
        let details = try run("Menus", size: Size(width: 80, height: 16), keys: "s<enter>")
        #expect(details.lines[0].contains("‹ Inbox") && details.lines[0].contains("Details"), "\(details.text)")
        let copy = try run("Menus", size: Size(width: 80, height: 16), keys: "s<down><enter>")
        #expect(copy.bottomRow.contains("copyLink:"), "\(copy.bottomRow)")
        // The bar button item whose menu is its only action opens it below itself.
        let more = try run("Menus", size: Size(width: 80, height: 16), keys: "e")
        assertSnapshot(of: more.text, as: .lines, named: "bar-item-menu-80x16")
        let compose = try run("Menus", size: Size(width: 80, height: 16), keys: "e<enter>")
        #expect(compose.window.rootViewController?.presentedViewController?.title == "Compose")
    }

    @Test("A SwiftUI hosting controller and a video player, each saying what it is")
    func systemControllers() throws {
        assertSnapshot(of: try run("SystemControllers", size: Size(width: 80, height: 12), keys: "s").text, as: .lines, named: "hosting-controller-80x12")
        assertSnapshot(of: try run("SystemControllers", size: Size(width: 80, height: 12), keys: "p").text, as: .lines, named: "player-80x12")
    }
}
