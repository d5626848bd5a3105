import Terminal
import Testing
@testable import Views
@testable import Wallet

/// An alert's buttons are what the user answers with: at every size the app draws at, each
/// shows its whole title, side by side when they fit and one a row when they do not, as UIKit
/// stacks an alert's actions, with at least a line of the message above them.
@MainActor
@Suite("Alerts at every size")
struct AlertLayoutTests {
    /// The alerts the wallet shows: the Quit? question while sending, the keys, a failed
    /// transfer (the network failing every time).
    nonisolated static let alerts: [(keys: String, failureRate: Double)] = [
        ("n<down><down><enter>1<enter><c-c>", 0), ("<f1>", 0), ("n<down><down><enter>1<enter><wait 3>", 1),
    ]

    @Test("Every button of every alert shows its whole title, at every size from the app's minimum up", arguments: alerts)
    func buttonsWhole(keys: String, failureRate: Double) throws {
        for width in stride(from: ScreenRenderer.minimumSize.width, through: 60, by: 3) {
            for height in ScreenRenderer.minimumSize.height...14 {
                let harness = try WalletHarness(size: Size(width: width, height: height),
                                                options: WalletHarness.options(failureRate: failureRate), keys: keys)
                let alert = try #require(harness.alert, "no alert at \(width)x\(height):\n\(harness.text)")
                let context = DrawContext(theme: harness.app.theme, focused: nil, isActive: true)
                let frame = ScreenRenderer(theme: harness.app.theme).render(harness.app.window, size: harness.app.backend.size, focus: harness.app.focus)
                for button in alert.buttons {
                    let label = button.label(context)
                    let drawn = frame.clickTargets.first { if case .button(let target) = $0.kind { target === button } else { false } }
                    #expect(drawn?.rect.width == label.terminalWidth && harness.text.contains(label),
                            "\(label) cut at \(width)x\(height):\n\(harness.text)")
                }
                if alert.message != nil {
                    #expect(alert.visibleMessageLines >= 1, "no line of the message at \(width)x\(height):\n\(harness.text)")
                }
            }
        }
    }

    @Test("At the app's minimum, the Quit? question stacks its buttons and keeps a line of its message")
    func quitQuestionAtMinimum() throws {
        let harness = try WalletHarness(size: ScreenRenderer.minimumSize, keys: "n<down><down><enter>1<enter><c-c>")
        #expect(harness.lines.map { $0.trimmingCharacters(in: .whitespaces) } == [
            "┌────────────────────┐",
            "─│       Quit?        │─",
            "│  A transfer is     │",
            "│      ↓ 2 more      │",
            "│   [ Don't Quit ]   │",
            "│      [ Quit ]      │",
            "└────────────────────┘",
            "Enter choose",
        ])
        try harness.run("<tab><enter>")
        #expect(!harness.app.isRunning)
    }
}
