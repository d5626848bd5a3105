import Foundation
import Navigation
import Terminal
import Testing
import Views
@testable import Wallet

/// A segue paused in step-through while an alert is on top: the Quit? question, asked with
/// Ctrl-C while Send's request ran, still shows when the request ends and the unwind begins,
/// and waits. Found trying it in tmux as a presenter would.
@MainActor
@Suite
struct PausedSegueAlertTests {
    static let wide = Size(width: 120, height: 30)

    /// Send with stepping on, Ctrl-C while "Sending…", and the request over: the unwind waits
    /// before its first step, under the Quit? question.
    private func quitQuestionOverPausedSend() throws -> WalletHarness {
        let harness = try WalletHarness(size: Self.wide, keys: WalletHarness.toHeatherMorgan + "12.34<f3><enter><c-c><wait 3>")
        #expect(harness.app.inspector.pausedProcess != nil, "the unwind waits")
        #expect(harness.alert?.title == "Quit?")
        return harness
    }

    @Test("While the Quit? alert covers a paused segue, the footer names the alert's keys, not Space and Enter, which go to the alert")
    func footerOfAnAlertOverAPausedSegue() throws {
        let harness = try quitQuestionOverPausedSend()
        let footer = try #require(harness.lines.last)
        #expect(!footer.contains("Space next step") && !footer.contains("Enter run to end"), "\(footer)")
        #expect(footer.contains("Enter choose") && footer.contains("Esc Don't Quit"), "\(footer)")

        try harness.run("<esc>")
        #expect(harness.alert == nil && harness.app.inspector.pausedProcess != nil, "Don't Quit: the unwind still waits")
        #expect(harness.lines.last?.contains("Space next step   Enter run to end") == true, "the stepping keys are back:\n\(harness.text)")
    }

    @Test("The Quit? alert over a paused segue takes clicks as it takes keys: Don't Quit clicked leaves the segue waiting, and a click on the app below still does nothing")
    func alertOverAPausedSegueTakesClicks() throws {
        let harness = try quitQuestionOverPausedSend()
        let y = try #require(harness.lines.firstIndex { $0.contains("[ Don't Quit ]") })
        let line = harness.lines[y]
        let x = line.distance(from: line.startIndex, to: try #require(line.range(of: "Don't Quit")).lowerBound) + 2
        try harness.run("<click \(x) \(y)>")
        #expect(harness.alert == nil, "the click on Don't Quit did nothing:\n\(harness.text)")
        #expect(harness.app.isRunning && harness.app.inspector.pausedProcess != nil)
        // Send, on the paused Amount screen: not while the unwind waits.
        let barY = try #require(harness.lines.firstIndex { $0.contains("Amount") && $0.contains("Send") })
        let bar = harness.lines[barY]
        let sendX = bar.distance(from: bar.startIndex, to: try #require(bar.range(of: "Send", options: .backwards)).lowerBound) + 1
        try harness.run("<click \(sendX) \(barY)>")
        #expect(harness.app.inspector.pausedProcess?.nextStep != nil && harness.wallet.transactions.isEmpty)
    }

    @Test("The Quit? alert shown and dismissed while a segue waits is not listed among that segue's steps")
    func alertIsNotPartOfThePausedSegue() throws {
        let harness = try quitQuestionOverPausedSend()
        try harness.run("<esc>")
        #expect(!harness.text.contains("AlertController"), "the inspector lists the alert's dismissal as a step of Send:\n\(harness.text)")

        try harness.run("<enter>")
        let record = try #require(harness.app.inspector.log.last)
        #expect(record.isUnwind && record.wasPerformed)
        let alertSteps = record.transitions.filter { "\($0)".contains("AlertController") }
        #expect(alertSteps.isEmpty, "\(alertSteps)")
        #expect(harness.wallet.transactions.count == 1)
    }
}

/// The footer of a paused segue on a wide terminal, with the inspector closed (F2) so that the
/// screens are centred.
@MainActor
@Suite
struct PausedFooterColumnTests {
    @Test("On a wide terminal the paused segue's keys start in the column of the app's own footer, not at the terminal's edge")
    func pausedFooterKeepsTheAppsColumn() throws {
        let harness = try WalletHarness(size: Size(width: 120, height: 30), keys: "<f3><f2>")
        let footer = try #require(harness.lines.last)
        let column = try #require(footer.range(of: "n New Transfer")).lowerBound
        try harness.run("n")
        #expect(harness.app.inspector.pausedProcess != nil)
        let paused = try #require(harness.lines.last)
        let pausedColumn = try #require(paused.range(of: "Space next step"), "\(paused)").lowerBound
        #expect(paused.distance(from: paused.startIndex, to: pausedColumn) == footer.distance(from: footer.startIndex, to: column),
                "\(footer)\n\(paused)")
    }
}

/// The heading of a forward segue under "Last segue" while it is paused.
@MainActor
@Suite
struct PausedSegueHeadingTests {
    @Test("A segue with no identifier is headed \"segue (no identifier)\" from its first pause, not a bare \"segue\" that changes after one step")
    func headingStaysTheSame() throws {
        let harness = try WalletHarness(size: Size(width: 120, height: 30), keys: "<f3>n")
        #expect(harness.app.inspector.pausedProcess != nil)
        #expect(harness.text.contains("│ segue (no identifier)"), "\(harness.text)")
        try harness.run(" ")
        #expect(harness.text.contains("│ segue (no identifier)"), "\(harness.text)")
    }
}
