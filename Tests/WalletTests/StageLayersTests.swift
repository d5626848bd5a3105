import App
import Foundation
import Terminal
import Testing
@testable import Views
@testable import Wallet

/// The layers a presenter adds over the app share its last row: the player's notes at the right
/// end (while a script plays), the keys shown (`--show-keys`) left of them, then a caption or the
/// footer's hints. Each keeps its own columns at every size; what does not fit yields whole.
@MainActor
@Suite("The stage's layers own their space")
struct StageLayersTests {
    static let captions = [
        "New Transfer: a presentation segue shows Contacts modally, in its own navigation controller",
        "Send: when the request answers, Amount unwinds to sendTransaction:, one step at a time",
        "Short caption",
    ]
    static let keys = "n<down><down><enter>12.34"
    static let names = ["n", "↓", "↓", "Enter", "1", "2", ".", "3", "4"]

    /// Issue 32, defect 4: at 120x30, `--play send.keys --show-keys` drew the keys over the
    /// caption and the player's note over the keys (`…one step at a tim . 3 4 F3 E Paused`); at
    /// 80 columns the keys covered the app's hints.
    @Test("Captions, the keys shown, the player's notes and the hints never write over each other, and nothing is cut mid-word",
          arguments: [40, 56, 64, 80, 100, 120, 160])
    func bottomRowLayers(width: Int) throws {
        for playing in [false, true] {
            for caption in Self.captions + [nil] {
                let harness = try WalletHarness(size: Size(width: width, height: 24))
                harness.app.overlay.shownKeys = ShownKeys()
                if playing {
                    harness.app.overlay.scriptKeys = { ["Playing a script:", "F4 back a pause", "F5 start over", "q quit"] }
                    harness.app.overlay.noteRoom = PlayingBackend.noteRoom
                }
                try harness.run(Self.keys)
                if let caption { harness.app.show(caption: caption) }
                harness.app.render()
                let context = "\(width) columns, \(playing ? "playing" : "not playing"), caption \(caption ?? "none")"
                check(harness, caption: caption, playing: playing, context: context)
            }
        }
    }

    private func check(_ harness: WalletHarness, caption: String?, playing: Bool, context: String) {
        let width = harness.terminal.size.width
        // The screen's text is trimmed at the right: padded back to the width.
        let last = (harness.lines.last ?? "").padding(toLength: width, withPad: " ", startingAt: 0)
        let notes = playing ? PlayingBackend.noteRoom : 0
        // The notes' columns are left to the player: nothing of the overlay is drawn there.
        if notes > 0, width - notes >= 24 {
            #expect(last.suffix(notes).allSatisfy { $0 == " " }, "\(context): something under the player's notes: \(last)")
        }
        // Runs of text on the last row, apart where two blanks part them.
        let runs = last.split(separator: "  ", omittingEmptySubsequences: true).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let shownRun = runs.last { run in run.split(separator: " ").allSatisfy { Self.names.contains(String($0)) } }
        if let shownRun {
            // The newest keys, whole: a suffix of what was pressed.
            let shown = shownRun.split(separator: " ").map(String.init)
            #expect(Array(Self.names.suffix(shown.count)) == shown, "\(context): keys cut: \(last)")
        }
        if let caption {
            // The caption is whole, or it ends with an ellipsis at a word: never a cut word.
            let rows = harness.lines.suffix(2).joined(separator: " ")
            let words = caption.split(separator: " ")
            let shownWords = words.prefix { rows.contains($0) }
            if shownWords.count < words.count {
                #expect(rows.contains("…"), "\(context): caption cut without an ellipsis: \(rows)")
            }
            if width >= 100 {
                #expect(shownWords.count == words.count, "\(context): the caption does not show whole at this width: \(rows)")
            }
        } else if !playing {
            // The hints left are whole hints.
            let hints = KeyHints.hints(for: harness.app.responderChain()).map { harness.app.theme.display($0) }
            for run in runs where run != shownRun {
                let parts = run.components(separatedBy: "   ")
                for part in parts where !part.isEmpty {
                    #expect(hints.contains(part.trimmingCharacters(in: .whitespaces)), "\(context): a hint cut: \"\(part)\" in \(last)")
                }
            }
        }
    }

    /// Issue 32, defect 14: with F1's list over Contacts at 80x24, the card's left border
    /// vanished on every other row, taken for part of the contact's name the alert cut.
    @Test("An alert over a card blanks the words it cuts, never the card's border beside them")
    func cardBorderUnderAnAlert() throws {
        let harness = try WalletHarness(size: Size(width: 80, height: 24), keys: "n<f1>")
        let plain = try WalletHarness(size: Size(width: 80, height: 24), keys: "n")
        let column = try #require(plain.lines[6].firstIndex(of: "│")).utf16Offset(in: plain.lines[6])
        for (row, line) in harness.lines.enumerated().dropFirst(3).dropLast(3) where plain.lines[row].count > column {
            let cell = line.count > column ? line[line.index(line.startIndex, offsetBy: column)] : " "
            #expect(cell != " ", "row \(row) lost the card's border:\n\(harness.text)")
        }
    }
}

