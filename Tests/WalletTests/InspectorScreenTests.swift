import App
import Foundation
import Navigation
import SnapshotTesting
import Terminal
import Testing
import Views
@testable import Wallet

/// The inspector on screen: beside the app on a wide terminal, over it on a narrow one, an
/// aborted unwind explained, and never a crash or a row too long at any size the app draws.
@MainActor
@Suite(.snapshots(record: screenSnapshotRecording))
struct InspectorScreenTests {
    static let wide = Size(width: 120, height: 30)

    /// The panel's columns of each row.
    private func panel(_ harness: WalletHarness) -> [String] {
        let layout = InspectorLayout(size: harness.terminal.size)
        return harness.lines.map { String($0.dropFirst(layout.panel.x)) }
    }

    @Test("The issue's check: after Send, F2 shows beside the wallet sendTransaction:, each controller asked and WalletViewController as the destination")
    func sidePanelAfterSend() throws {
        let harness = try WalletHarness(size: Self.wide, keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 3><f2>")
        assertSnapshot(of: harness.text, as: .lines, named: "after-send-120x30")
        #expect(InspectorLayout(size: Self.wide).placement == .side)
        let panel = panel(harness)
        func row(_ text: String) throws -> Int {
            try #require(panel.firstIndex { $0.contains(text) }, "\(text) in\n\(harness.text)")
        }
        let rows = try [
            row("unwind sendTransaction:"),
            row(#"1 ContactsViewController "Contacts""#),
            row(#"2 NavigationController (root "Contacts")"#),
            row(#"3 WalletViewController "Wallet""#),
            row("yes: implements sendTransaction:"),
            row(#"destination WalletViewController "Wallet""#),
        ]
        #expect(rows == rows.sorted())
        // The wallet is whole beside the panel: its balance and the new transfer.
        #expect(harness.text.contains("€ 5,419.67") && harness.text.contains("-€ 12.34"))
        #expect(harness.app.reportedErrors.isEmpty)
    }

    @Test("At 80x24 the inspector is drawn over the app's right side, the footer's keys left visible; F2 again closes it")
    func overlay() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan + "<f2>")
        assertSnapshot(of: harness.text, as: .lines, named: "overlay-amount-80x24")
        let layout = InspectorLayout(size: WalletHarness.regular)
        #expect(layout.placement == .overlay && layout.appSize == WalletHarness.regular)
        #expect(harness.lines[0].contains("Inspector"))
        // The title moves with its marker, whole, rather than leave "‹ top" alone on a row.
        #expect(harness.text.contains("└ TransactionViewController") && harness.text.contains(#""Amount" ‹ top"#), "\(harness.text)")
        #expect(harness.lines.last?.contains("Enter Send") == true)
        try harness.run("<f2>")
        #expect(!harness.text.contains("Inspector"))
        #expect(harness.text.contains("Sent to: Heather Morgan"))
    }

    @Test("An unwind that no controller on the path accepts: the inspector says each no and that it aborted, beside the app's alert")
    func abortedUnwind() throws {
        let url = try #require(Bundle.module.url(forResource: "UnwindNobodyAccepts", withExtension: "storyboard", subdirectory: "Fixtures"))
        let harness = try WalletHarness(size: Self.wide, options: WalletHarness.options(storyboard: url), keys: "<f2><esc>")
        assertSnapshot(of: harness.text, as: .lines, named: "aborted-120x30")
        let panel = panel(harness).joined(separator: "\n")
        #expect(panel.contains("unwind cancel:"))
        #expect(panel.contains("no: no such action"))
        #expect(panel.contains("aborted: every controller asked said no to"))
        #expect(harness.alert != nil)
    }

    @Test("At every size the app draws, from 24x8, the inspector, paused in the middle of an unwind, fits: no crash, no row past the edge")
    func everySize() throws {
        let harness = try WalletHarness(size: Self.wide, keys: WalletHarness.toHeatherMorgan + "12.34<f3><enter><wait 3>   ")
        #expect(harness.app.inspector.pausedProcess != nil)
        let heights = [8, 9, 10, 12, 17, 18, 24, 30, 45]
        for width in 24...130 {
            for height in heights {
                let size = Size(width: width, height: height)
                harness.terminal.size = size
                harness.app.handle(.resize)
                harness.app.render()
                let lines = harness.lines
                #expect(lines.count == height)
                #expect(lines.allSatisfy { $0.terminalWidth <= width }, "\(size)")
                #expect(harness.text.contains("Insp"), "\(size):\n\(harness.text)")
            }
        }
        harness.terminal.size = Size(width: 23, height: 8)
        harness.app.handle(.resize)
        harness.app.render()
        #expect(harness.text.contains("Terminal too small"))
    }

    @Test("The tree: the root, each stack bottom first with its top marked, the modal under its presenter with its style, the unwind actions each implements; cut, it keeps the screen's controller")
    func tree() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan)
        let tree = HierarchyTree(glyphs: .unicode).lines(of: harness.window, limit: 100)
        #expect(tree.more == 0)
        // The modal hangs from the navigation controller, which covers the screen and made the
        // presentation Wallet asked for (UIKit's present(_:animated:completion:)).
        #expect(tree.lines.map { $0.prefix + $0.text } == [
            "NavigationController",
            #"├ WalletViewController "Wallet" ‹ top"#,
            "│   unwinds cancel: sendTransaction:",
            #"└ presents NavigationController (form sheet (automatic on iOS 18), asked by WalletViewController "Wallet")"#,
            #"  ├ ContactsViewController "Contacts""#,
            #"  └ TransactionViewController "Amount" ‹ top"#,
        ])
        // Too long for the panel, it shows the lines around the controller on screen (Amount),
        // the lines before counted; a controller's two lines are shown together or not at all.
        let cut = HierarchyTree(glyphs: .unicode).lines(of: harness.window, limit: 4)
        #expect(cut.lines.map(\.text) == Array(tree.lines.suffix(3).map(\.text)))
        #expect(cut.before == 3 && cut.more == 0 && cut.focus == 2)
        let two = HierarchyTree(glyphs: .unicode).lines(of: harness.window, limit: 2)
        #expect(two.lines.map(\.text) == Array(tree.lines.suffix(2).map(\.text)) && two.before == 4 && two.focus == 1)
    }

    @Test("On an ASCII terminal the inspector and the paused footer draw only ASCII")
    func ascii() throws {
        let harness = try WalletHarness(size: Self.wide, capabilities: TerminalCapabilities(unicode: false, color: false),
                                        keys: WalletHarness.toHeatherMorgan + "12.34<f3><enter><wait 3>   ")
        #expect(harness.text.allSatisfy { $0.isASCII }, "\(harness.text)")
        #expect(harness.text.contains("Inspector - paused"))
        #expect(harness.text.contains("> next: "))
    }

    @Test("F6 zooms the inspector to the whole terminal: Down and End scroll it through every line, Home back; the app's keys do nothing unseen")
    func zoomed() throws {
        let keys = WalletHarness.toHeatherMorgan + "12.34<enter><wait 3><f6>"
        let harness = try WalletHarness(keys: keys)
        assertSnapshot(of: harness.text, as: .lines, named: "zoomed-after-send-80x24")
        #expect(harness.lines[0].hasPrefix(" Inspector") && harness.text.contains(/↓ \d+ more/), "\(harness.text)")
        #expect(harness.lines.last?.contains("F6/Esc back") == true)
        // The whole page, on a terminal as wide and tall enough for all of it.
        let whole = try WalletHarness(size: Size(width: 80, height: 200), keys: keys)
        let page = whole.lines.dropFirst(2).dropLast().map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        var seen = Set(harness.lines.map { $0.trimmingCharacters(in: .whitespaces) })
        for _ in 0..<page.count {
            try harness.run("<down>")
            seen.formUnion(harness.lines.map { $0.trimmingCharacters(in: .whitespaces) })
        }
        #expect(page.filter { !seen.contains($0) }.isEmpty, "never shown: \(page.filter { !seen.contains($0) })")
        try harness.run("<end>")
        #expect(harness.text.contains(/↑ \d+ more/) && !harness.text.contains(/↓ \d+ more/), "\(harness.text)")
        #expect(harness.lines[harness.lines.count - 2].trimmingCharacters(in: .whitespaces) == page.last, "\(harness.text)")
        try harness.run("<home>")
        #expect(harness.lines[2].trimmingCharacters(in: .whitespaces) == "Controllers")
        // n would start a transfer on the wallet, which cannot be seen: it does nothing.
        try harness.run("n<esc>")
        #expect(harness.modal == nil && harness.app.inspector.isShown && !harness.app.inspector.isZoomed)
        try harness.run("<f6><f6>")
        #expect(harness.app.inspector.isShown && !harness.app.inspector.isZoomed)
        try harness.run("<f6><f2>")
        #expect(!harness.app.inspector.isShown && !harness.app.inspector.isZoomed && !harness.text.contains("Inspector"))
    }

    @Test("Zoomed while a segue is paused, Space still steps it, and the page shows the step about to run")
    func zoomedStepping() throws {
        let harness = try WalletHarness(keys: "<f3>n<f6>")
        #expect(harness.text.contains("Segue under way") && harness.text.contains("next:"), "\(harness.text)")
        #expect(harness.lines.last?.contains("Space next step") == true)
        let step = harness.text
        try harness.run(" ")
        #expect(harness.text != step && harness.app.inspector.isZoomed)
        try harness.run("<enter><f6>")
        #expect(harness.contacts != nil, "\(harness.text)")
    }
}
