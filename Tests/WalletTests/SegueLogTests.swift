import App
import Foundation
@testable import Navigation
import Terminal
import Testing
import Views
@testable import Wallet

/// The model of the inspector's "Last segue": which events make a segue, in what order, and
/// where it ends, from the wallet's real events and from made-up ones for the edge cases.
@MainActor
@Suite("The inspector's last segue")
struct SegueLogTests {
    private func log(_ events: [NavigationEvent]) -> SegueLog {
        var log = SegueLog()
        events.forEach { log.record($0) }
        return log
    }

    @Test("Send: the unwind's action, the three controllers asked in order with their reasons, the destination and executor, prepare, the action, perform and the dismissal")
    func send() throws {
        let harness = try WalletHarness(keys: WalletHarness.toHeatherMorgan + "12.34<enter>")
        harness.clearEvents()
        try harness.run("<wait 3>")
        let record = try #require(log(harness.events).last)

        guard case .unwind(let action, let source) = record.kind else {
            Issue.record("not an unwind: \(record.kind)")
            return
        }
        #expect(action == "sendTransaction:")
        #expect(source.className == "TransactionViewController")
        #expect(record.asked.map(\.controller.description) == [
            #"ContactsViewController "Contacts""#, #"NavigationController (root "Contacts")"#, #"WalletViewController "Wallet""#,
        ])
        #expect(record.asked.map(\.answer) == [false, false, true])
        #expect(record.asked.map(\.reason) == [.noSuchAction, .noSuchAction, .implementsAction])
        #expect(record.destination?.className == "WalletViewController")
        #expect(record.executor?.description == #"NavigationController (root "Wallet")"#)
        #expect(record.wasPerformed && !record.wasAborted)
        #expect(record.transitions.count == 1)
        let kinds = record.entries.map { entry -> String in
            switch entry {
            case .asked: return "asked"
            case .destination: return "destination"
            case .segueCreated: return "segue"
            case .prepare: return "prepare"
            case .action: return "action"
            case .perform: return "perform"
            case .transition: return "transition"
            default: return "other"
            }
        }
        #expect(kinds == ["asked", "asked", "asked", "destination", "segue", "prepare", "action", "perform", "transition"])

        let text = record.lines.map(\.text)
        #expect(text.first == "unwind sendTransaction:")
        #expect(text.contains("no: no such action"))
        #expect(text.contains("yes: implements sendTransaction:"))
        #expect(text.contains(#"destination WalletViewController "Wallet""#))
    }

    @Test("A forward segue: should-perform and its answer, the instantiation, prepare, perform and the push; its identifier and source come from the events")
    func forward() throws {
        let harness = try WalletHarness(keys: "n")
        harness.clearEvents()
        try harness.run("<down><down><enter>")
        let record = try #require(log(harness.events).last)
        guard case .forward(let identifier, let source) = record.kind else {
            Issue.record("not a forward segue: \(record.kind)")
            return
        }
        #expect(identifier == "")
        #expect(source?.className == "ContactsViewController")
        #expect(record.entries.first == .shouldPerform(identifier: "", source: try #require(source), answer: true))
        #expect(record.segue?.kind == "ShowSegue")
        #expect(record.transitions.map(\.description) == [#"push TransactionViewController "Amount" onto NavigationController (root "Contacts")"#])
        let text = record.lines.map(\.text)
        #expect(text.contains("should perform? yes"))
        #expect(text.contains { $0.hasPrefix("instantiate TransactionViewController \"Amount\"") })
    }

    @Test("A bar button's unwind nobody accepts: its should-perform, the search, the abort and why, and nothing that follows (the app's alert)")
    func aborted() throws {
        let url = try #require(Bundle.module.url(forResource: "UnwindNobodyAccepts", withExtension: "storyboard", subdirectory: "Fixtures"))
        let harness = try WalletHarness(options: WalletHarness.options(storyboard: url))
        try harness.run("<esc>")
        #expect(harness.alert != nil, "the app says the unwind did nothing")
        // The app's own log: its observer sees the abort before the alert the app presents for it.
        let record = try #require(harness.app.inspector.log.last)
        #expect(record.isUnwind && record.wasAborted && !record.wasPerformed)
        #expect(record.entries.first.map { if case .shouldPerform(_, _, true) = $0 { return true } else { return false } } == true)
        #expect(record.asked.map(\.answer) == [false])
        #expect(record.transitions.isEmpty, "the alert the app presents is not part of the unwind")
        #expect(record.lines.last?.text == "aborted: every controller asked said no to cancel:; nothing moved")
        #expect(record.lines.last?.role == .problem)
    }

    @Test("A segue is closed when the app has handled what started it: a Back press or an alert later is not part of it")
    func closedAtTheEndOfTheTurn() {
        let wallet = ControllerID(ViewController())
        let alert = ControllerID(ViewController())
        var log = SegueLog()
        log.record(.unwindStarted(action: "cancel:", source: wallet))
        log.record(.transition(.dismiss(alert, topmost: alert)))
        #expect(log.isOpen)
        log.close()
        log.record(.transition(.present(alert, by: wallet)))
        #expect(log.last?.transitions.count == 1)
        #expect(!log.isOpen)
    }

    @Test("Rule 27: Back on Amount is not a segue: the inspector shows the pop on its own, with no prepare and no unwind action")
    func backIsNotASegue() throws {
        let harness = try WalletHarness(size: Size(width: 120, height: 30), keys: WalletHarness.toHeatherMorgan + "<f2>")
        harness.clearEvents()
        try harness.run("<esc>")
        let record = try #require(log(harness.events).last)
        #expect(record.kind == .withoutSegue)
        #expect(record.entries.count == 1 && record.transitions.count == 1)
        guard case .pop(let to, _)? = record.transitions.first else {
            Issue.record("not a pop: \(record.entries)")
            return
        }
        #expect(to.className == "ContactsViewController")
        let panel = harness.lines.map { String($0.dropFirst(InspectorLayout(size: harness.terminal.size).panel.x)) }
        let heading = try #require(panel.firstIndex { $0.contains("not a segue") }, "\(harness.text)")
        #expect(panel[heading + 1].contains("no prepare, no unwind action"), "\(harness.text)")
        #expect(panel[heading + 2].contains("pop to ContactsViewController \"Contacts\""), "\(harness.text)")
    }

    @Test("A presentation outside any segue (an alert) leaves the last segue shown; a push or pop outside one replaces it")
    func onlyStackMovesOutsideSeguesAreRecorded() {
        let source = ControllerID(ViewController())
        let alert = ControllerID(ViewController())
        let nav = ControllerID(NavigationController())
        var log = SegueLog()
        log.record(.unwindStarted(action: "cancel:", source: source))
        log.record(.unwindAborted(action: "cancel:", source: source))
        log.record(.transition(.present(alert, by: source)))
        log.record(.transition(.dismiss(alert, topmost: alert)))
        #expect(log.last?.wasAborted == true, "the abort stays, under the alert the app shows for it")
        log.record(.transition(.push(alert, onto: nav)))
        #expect(log.last?.kind == .withoutSegue && log.last?.transitions.count == 1 && !log.isOpen)
        log.record(.transition(.pop(to: source, in: nav)))
        #expect(log.last?.transitions == [.pop(to: source, in: nav)], "each move outside a segue is its own")
    }

    @Test("should-perform answering no ends the segue there; a later segue from code starts a new record at its instantiation")
    func refusedThenFromCode() {
        let source = ControllerID(ViewController())
        let destination = ControllerID(ViewController())
        var log = SegueLog()
        log.record(.shouldPerformSegue(identifier: "next", source: source, answer: false))
        #expect(log.last?.wasCancelled == true)
        #expect(!log.isOpen)
        #expect(log.last?.lines.map(\.text).contains("should perform? no: nothing happens") == true)
        log.record(.instantiated(destination, scene: "abc"))
        #expect(log.isOpen)
        #expect(log.last?.entries == [.instantiated(destination, scene: "abc")])
    }

    @Test("A programming error during a segue is written in it and ends it; so is an unwind's abort")
    func errorEndsTheSegue() {
        let source = ControllerID(ViewController())
        var log = SegueLog()
        log.record(.unwindStarted(action: "done:", source: source))
        log.record(.programmingError("something"))
        #expect(!log.isOpen)
        #expect(log.last?.lines.last?.text == "error: something")
        log.record(.unwindStarted(action: "done:", source: source))
        log.record(.unwindAborted(action: "done:", source: source))
        #expect(log.last?.lines.last?.text == "aborted: no controller behind the source to ask; nothing moved")
    }

    @Test("begin names a paused segue before its first event; its first event starts it again, the same")
    func begin() {
        let source = ControllerID(ViewController())
        var log = SegueLog()
        log.begin(.unwind(action: "cancel:", source: source))
        #expect(log.last?.lines.map(\.text) == ["unwind cancel:", "from \(source)"])
        log.record(.unwindStarted(action: "cancel:", source: source))
        #expect(log.last == SegueRecord(kind: .unwind(action: "cancel:", source: source)))
    }

    @Test("A long line wraps at spaces under its continuation, and a word longer than the panel is cut, never dropped")
    func wrapping() {
        let line = InspectorLine("ask NavigationController (root \"Contacts\")", prefix: "  ", continuation: "    ")
        let rows = line.rows(width: 20)
        #expect(rows.map { $0.prefix + $0.text } == ["  ask", "    NavigationContro", "    ller (root", "    \"Contacts\")"])
        #expect(rows.allSatisfy { ($0.prefix + $0.text).terminalWidth <= 20 })
        #expect(InspectorLine("x").rows(width: 0).isEmpty)
        #expect(InspectorLine("abc", prefix: "      ").rows(width: 3).map(\.text) == ["abc"])
    }
}
