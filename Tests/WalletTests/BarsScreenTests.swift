import Foundation
import Navigation
import SnapshotTesting
import Terminal
import Testing
import Views
@testable import Wallet

/// Bars and tables as storyboards for real apps write them (Fixtures/Bars.storyboard): two items
/// a side, image-only items, a title view, a toolbar, a static table with section titles, an
/// accessory segue, and labels whose text is element content. Snapshots are named
/// `bars-NAME-COLUMNSxROWS`.
@MainActor
@Suite(.snapshots(record: screenSnapshotRecording))
struct BarsScreenTests {
    static func options() throws -> WalletOptions {
        let url = try #require(Bundle.module.url(forResource: "Bars", withExtension: "storyboard", subdirectory: "Fixtures"))
        return WalletHarness.options(storyboard: url)
    }

    private func assertScreens(_ name: String, keys: String, fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                               testName: String = #function, line: UInt = #line, column: UInt = #column) throws -> [WalletHarness] {
        try [WalletHarness.regular, WalletHarness.narrow].map { size in
            let harness = try WalletHarness(size: size, options: Self.options(), keys: keys)
            assertSnapshot(of: harness.text, as: .lines, named: "bars-\(name)-\(size.width)x\(size.height)",
                           fileID: fileID, file: filePath, testName: testName, line: line, column: column)
            return harness
        }
    }

    @Test("Two items a side, image-only ones by their image's name, the title view in the middle, the toolbar's items at the bottom, the static table's sections titled")
    func settingsScreen() throws {
        let harnesses = try assertScreens("settings", keys: "")
        let top = try #require(harnesses.first?.lines.first)
        for item in ["gear", "Edit", "Settings ▾", "magnifyingglass", "+"] {
            #expect(top.contains(item), "\(item) is on the bar: \(top)")
        }
        // UIKit lays the right items out from the edge inward: + (the first) is the rightmost.
        #expect(top.hasSuffix("magnifyingglass  +"))
        let bottom = try #require(harnesses.first?.lines.dropLast().last)
        #expect(bottom.contains("Share") && bottom.contains("Trash"))
    }

    @Test("Every bar item, image-only ones included, and the toolbar's items are focus stops; the flexible space is not")
    func barItemsAreFocusable() throws {
        let harness = try WalletHarness(options: Self.options())
        let root = try #require(harness.app.window.rootViewController)
        let titles = FocusEngine().targets(on: Screen(level: root)).compactMap { target -> String? in
            if case .barItem(let item) = target { item.displayTitle } else { nil }
        }
        #expect(titles == ["gear", "Edit", "magnifyingglass", "+", "Share", "Trash"])
    }

    @Test("Enter on a static cell runs its segue; the label there shows text written as element content, on its two lines")
    func staticCellSegueAndTextContent() throws {
        let harnesses = try assertScreens("about", keys: "<enter>")
        let lines = try #require(harnesses.first?.lines)
        #expect(lines.contains(" First line of the label"))
        #expect(lines.contains(" Second line & more"))
        #expect(lines.contains(" Attributed text"))
    }

    @Test("A navigation bar placed in a view is drawn where it is, with its item's title and buttons; its buttons are focus stops that fire")
    func standaloneNavigationBar() throws {
        let info = try WalletHarness(options: Self.options(), keys: "<down><right>")
        let window = try #require(info.lines.first { $0.contains("Device info") })
        #expect(window.contains("About"), "\(window)")
        try info.run("<enter>")
        #expect(info.text.contains("First line of the label"), "About was presented from the bar's item")
    }

    @Test("A view with a tap gesture recognizer is a focus stop; Enter on it fires the recognizer's segue, as a tap would")
    func tapGestureRecognizer() throws {
        let about = try WalletHarness(options: Self.options(), keys: "<enter>")
        #expect(about.lines.last?.contains("Enter tap") == true, "\(about.lines.last ?? "")")
        try about.run("<enter>")
        #expect(about.text.contains("Shown by the detail button"))
    }

    @Test("Right on a row with a detail button runs its accessory segue, not the row's; the footer names the key")
    func accessoryAction() throws {
        let before = try WalletHarness(options: Self.options(), keys: "<down>")
        #expect(before.lines.last?.contains("→ detail") == true, "\(before.lines.last ?? "")")
        let harnesses = try assertScreens("accessory", keys: "<down><right>")
        let text = try #require(harnesses.first?.text)
        #expect(text.contains("Shown by the detail button"))
        #expect(!text.contains("First line of the label"), "the row's own segue did not run")
    }
}
