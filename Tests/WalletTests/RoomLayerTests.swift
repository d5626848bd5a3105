import App
import Navigation
import PropertyBased
import SessionProtocol
import SnapshotTesting
import Terminal
import Testing
import Views
import WalletAssets
@testable import Wallet

/// The room of a `wallet serve` session over the wallet (issue 35), with the server played by
/// the test: what the presenter asks, when, and what it reveals; what an attendee sees and
/// answers. The panels' text is kept as snapshots.
@MainActor
@Suite(.snapshots(record: screenSnapshotRecording))
struct RoomLayerTests {
    /// A wallet with a room, and what it said to the server.
    @MainActor final class Room {
        let harness: WalletHarness
        let layer: RoomLayer

        init(_ role: RoomLayer.Role, size: Size = Size(width: 100, height: 32)) throws {
            harness = try WalletHarness(size: size)
            let box = Box()
            layer = RoomLayer(role: role, window: harness.app.window) { box.messages.append($0) }
            harness.app.room = layer
            self.box = box
        }

        private let box: Box
        final class Box { var messages: [RoomMessage] = [] }
        var sent: [RoomMessage] { box.messages }
    }

    /// Stepping, at Contacts, Cancel pressed and its should-perform run: paused before the search.
    static let pausedBeforeSearch = "<f3>n<enter><esc><space>"

    @Test func thePresenterAsksOnlyWhilePausedBeforeTheSearch() throws {
        let room = try Room(.presenter)
        try room.harness.run("<f7>")
        #expect(room.sent.isEmpty, "F7 asks nothing with no unwind paused")
        #expect(!room.harness.text.contains("F7 ask the room"))
        // ...and says why, and what to do (issue 47: it said nothing).
        #expect(room.harness.text.contains("F7 asks the room where a paused unwind lands: press F3, start an unwind, then F7"),
                "\(room.harness.text)")
        try room.harness.run("<f3>n<enter><esc>")
        // Paused before should-perform: not yet the search.
        try room.harness.run("<f7>")
        #expect(room.sent.isEmpty)
        try room.harness.run("<space>")
        #expect(room.harness.text.contains("F7 ask the room"))
        try room.harness.run("<f7>")
        // The controllers the search can ask, shuffled by the question (the same for everyone),
        // "none" last: not the source, which the search never asks (issue 47: every controller
        // of the window, the source among them).
        let choices = ["WalletViewController \"Wallet\"", "NavigationController (root \"Contacts\")", "NavigationController (root \"Wallet\")",
                       "none: nobody accepts, the unwind is aborted"]
        #expect(room.sent == [.ask(question: "ContactsViewController \"Contacts\" unwinds with cancel:. Which controller answers yes first?",
                                   choices: choices)])
        // A second F7 while it is open asks nothing more.
        try room.harness.run("<f7>")
        #expect(room.sent.count == 1)
    }

    /// `<ask>` in a script asks what F7 asks, when F7 could: paused before a search.
    @Test func aScriptsAskIsF7sQuestion() throws {
        let room = try Room(.presenter)
        room.layer.ask("", choices: [], answer: nil)
        #expect(room.sent.isEmpty, "nothing paused: nothing asked")
        try room.harness.run(Self.pausedBeforeSearch)
        room.layer.ask("", choices: [], answer: nil)
        #expect(room.sent.count == 1)
        #expect(room.layer.question?.choices.last == "none: nobody accepts, the unwind is aborted")
        // Revealed by the search, not by going on.
        room.layer.revealAsked(takenBack: false)
        #expect(room.layer.question?.isOpen == true)
        try room.harness.run("<space><space>")
        #expect(room.sent.last == .reveal(answer: 0))
    }

    @Test func theSearchRevealsTheAnswerAndTheTraceKeepsTheTally() throws {
        let room = try Room(.presenter)
        try room.harness.run(Self.pausedBeforeSearch + "<f7>")
        room.layer.receive(.tally(poll: 7, counts: [3, 1, 0, 1], waiting: 2))
        room.harness.app.render()
        assertSnapshot(of: room.harness.text, as: .lines, named: "presenter-tally")
        #expect(room.harness.text.contains("The room: 5 answered · 2 have not"))
        // The first Space starts the search, which closes the voting (issue 47: answers changed
        // while the projector showed the search were counted).
        try room.harness.run("<space>")
        #expect(room.sent.count == 2, "the first level (Contacts' stack) finds nobody")
        #expect(room.sent.last == .lock)
        #expect(room.harness.text.contains("The room: 5 answered · voting closed"), "\(room.harness.text)")
        // The level that finds Wallet reveals a.
        try room.harness.run("<space>")
        #expect(room.sent.last == .reveal(answer: 0))
        #expect(room.sent.filter { $0 == .lock }.count == 1, "closed once")
        #expect(room.harness.text.contains("WalletViewController \"Wallet\" ✓"))
        let caption = room.harness.events.compactMap { if case .caption(let text) = $0 { text } else { nil } }.last
        #expect(caption == "the room answered \"ContactsViewController \"Contacts\" unwinds with cancel:. Which controller answers yes first?\": "
            + "a) 3, b) 1, c) 0, d) 1; 5 answered, 2 did not; the answer: a) WalletViewController \"Wallet\"")
        // Esc closes the revealed panel, and goes no further.
        try room.harness.run("<esc>")
        #expect(room.layer.question == nil)
    }

    /// Esc while the segue is paused takes the question back, and leaves the segue paused.
    @Test func escTakesTheQuestionBack() throws {
        let room = try Room(.presenter)
        try room.harness.run(Self.pausedBeforeSearch + "<f7>")
        try room.harness.run("<esc>")
        #expect(room.sent.last == .reveal(answer: nil))
        #expect(room.layer.question == nil)
        #expect(room.harness.app.inspector.pausedProcess != nil, "Esc took the question back, not the segue")
    }

    /// An unwind nobody accepts (rule 7) reveals the last choice, "none".
    @Test func anAbortedUnwindRevealsNone() throws {
        var options = WalletOptions()
        options.storyboardURL = WalletAssets.folder.appendingPathComponent("Demos/Abort.storyboard")
        let harness = try WalletHarness(size: Size(width: 100, height: 32), options: options)
        let box = Room.Box()
        let layer = RoomLayer(role: .presenter, window: harness.app.window) { box.messages.append($0) }
        harness.app.room = layer
        // Send, stepping: the manual unwind waits before its search.
        try harness.run("o<down><down><enter>12.34<f3><enter><wait 3><f7>")
        guard case .ask(_, let choices)? = box.messages.first else {
            Issue.record("F7 asked nothing: \(box.messages)")
            return
        }
        #expect(choices.last == "none: nobody accepts, the unwind is aborted")
        for _ in 0..<8 where !(box.messages.last.map { if case .reveal = $0 { true } else { false } } ?? false) { try harness.run("<space>") }
        #expect(box.messages.dropFirst().first == .lock, "the search's first step closed the voting")
        #expect(box.messages.last == .reveal(answer: choices.count - 1))
        #expect(layer.question?.revealed == .some(choices.count - 1))
    }

    @Test func anAttendeeAnswersWithALetterAndCanChangeIt() throws {
        let room = try Room(.attendee, size: Size(width: 80, height: 24))
        try room.harness.run("n")
        room.layer.receive(.question(poll: 4, question: "Which controller answers yes first?", choices: ["Wallet", "Contacts", "none"], answered: nil))
        room.harness.app.render()
        assertSnapshot(of: room.harness.text, as: .lines, named: "attendee-question")
        // Letters answer while it is open, even over Contacts' own keys; one past the choices does not.
        try room.harness.run("b")
        try room.harness.run("d")
        try room.harness.run("a")
        #expect(room.sent == [.answer(poll: 4, choice: 1), .answer(poll: 4, choice: 0)])
        #expect(room.harness.text.contains("[a] Wallet"))
        // Other keys are the app's: Down moves Contacts' selection.
        try room.harness.run("<down>")
        #expect(room.harness.contacts?.tableView.indexPathForSelectedRow?.row == 1)
        room.layer.receive(.revealed(poll: 4, answer: 0))
        room.harness.app.render()
        assertSnapshot(of: room.harness.text, as: .lines, named: "attendee-revealed")
        #expect(room.harness.text.contains("Right!"))
        // Esc closes the panel, and only that (issue 47: it went on and cancelled Contacts).
        try room.harness.run("<esc>")
        #expect(room.layer.question == nil)
        #expect(room.harness.contacts != nil && room.harness.text.contains("Contacts"), "\(room.harness.text)")
        // Letters are the app's again.
        try room.harness.run("<esc>")
        #expect(room.harness.contacts == nil)
    }

    /// Issue 47: once the presenter's search has started, a letter changed a watcher's answer
    /// and it was counted. Closed, the panel says so, keeps the answer, and a letter is refused
    /// with a word.
    @Test func aClosedVotingTakesNoAnswer() throws {
        let room = try Room(.attendee, size: Size(width: 80, height: 24))
        room.layer.receive(.question(poll: 5, question: "Which controller answers yes first?", choices: ["Wallet", "Contacts", "none"], answered: nil))
        try room.harness.run("c")
        room.layer.receive(.locked(poll: 4))
        #expect(room.layer.question?.isLocked == false, "another question's closing")
        room.layer.receive(.locked(poll: 5))
        room.harness.app.render()
        assertSnapshot(of: room.harness.text, as: .lines, named: "attendee-locked")
        #expect(room.harness.text.contains("Voting has closed: the answer shows in a moment"), "\(room.harness.text)")
        try room.harness.run("b")
        #expect(room.sent == [.answer(poll: 5, choice: 2)])
        #expect(room.layer.question?.answer == 2)
        #expect(room.harness.text.contains("the voting has closed"), "\(room.harness.text)")
        room.layer.receive(.revealed(poll: 5, answer: 2))
        room.harness.app.render()
        #expect(room.harness.text.contains("Right!"))
    }

    /// Issue 47: a focused text field took the answers ("b" typed € 1b on Amount), and letters
    /// that are no choice went on to the app. The question's panel is first in the chain while
    /// it shows.
    @Test func anOpenQuestionTakesEveryLetterBeforeATextField() throws {
        let room = try Room(.attendee, size: Size(width: 80, height: 24))
        try room.harness.run(WalletHarness.toHeatherMorgan + "1")
        room.layer.receive(.question(poll: 3, question: "Which controller answers yes first?", choices: ["Wallet", "Contacts", "Amount", "none"], answered: nil))
        try room.harness.run("b")
        #expect(room.sent == [.answer(poll: 3, choice: 1)])
        #expect(room.harness.amount?.amountTextField.text == "1", "the answer was typed into the amount")
        // A letter past the choices is refused with a word, and typed nowhere.
        try room.harness.run("x")
        #expect(room.sent.count == 1)
        #expect(room.harness.amount?.amountTextField.text == "1")
        #expect(room.harness.bottomRow.contains("x is no choice: a to d answer the question"), "\(room.harness.bottomRow)")
        // The footer names the letters there are.
        try room.harness.run("<wait 1>")
        #expect(room.harness.bottomRow.contains("a to d answer"), "\(room.harness.bottomRow)")
        // Digits and editing keys are still the field's.
        try room.harness.run("2")
        #expect(room.harness.amount?.amountTextField.text == "12")
    }

    /// A question taken back says the presenter closed it (issue 47: it vanished, or stayed open
    /// on every screen after the presenter's app ended), and closes at the next key; a reveal of
    /// another question changes nothing.
    @Test func anAttendeeIgnoresWhatIsNotItsQuestion() throws {
        let room = try Room(.attendee)
        room.layer.receive(.question(poll: 2, question: "Q?", choices: ["a", "b"], answered: 1))
        #expect(room.layer.question?.answer == 1, "a relaunched app shows its session's answer")
        room.layer.receive(.revealed(poll: 1, answer: 0))
        #expect(room.layer.question?.isOpen == true)
        room.layer.receive(.tally(poll: 2, counts: [1, 1], waiting: 0))
        #expect(room.layer.question?.counts == [0, 0])
        room.layer.receive(.revealed(poll: 2, answer: nil))
        #expect(room.layer.question?.isOpen == false)
        room.harness.app.render()
        #expect(room.harness.text.contains("The presenter closed the question"), "\(room.harness.text)")
        try room.harness.run("x")
        #expect(room.layer.question == nil)
    }

    /// Issue 47: after the presenter's app was relaunched, the projector showed the last
    /// question's tally and never updated; the reopened app could neither show nor close the
    /// open question. The server tells the new app the room's open question: shown with its
    /// tally, closed with Esc; and a tally of another question is not taken for its own.
    @Test func aRelaunchedPresenterShowsTheRoomsQuestionAndClosesIt() throws {
        let room = try Room(.presenter)
        room.layer.receive(.tally(poll: 1, counts: [2, 0], waiting: 0))
        #expect(room.layer.question == nil, "a tally with no question shown is nobody's")
        room.layer.receive(.question(poll: 3, question: "Which?", choices: ["Wallet", "Contacts", "none"], answered: nil))
        room.layer.receive(.tally(poll: 2, counts: [9, 9, 9], waiting: 0))
        room.layer.receive(.tally(poll: 3, counts: [1, 2, 0], waiting: 4))
        room.harness.app.render()
        #expect(room.layer.question?.counts == [1, 2, 0])
        #expect(room.harness.text.contains("The room: 3 answered · 4 have not"), "\(room.harness.text)")
        #expect(room.harness.text.contains("Asked before this app started · Esc closes it"), "\(room.harness.text)")
        // F7 asks nothing while it is open; Esc closes it for everyone.
        try room.harness.run("<esc>")
        #expect(room.sent == [.reveal(answer: nil)])
        #expect(room.layer.question == nil)
    }

    /// A script's question (`#?`): its own choices, revealed when the presenter goes on, or
    /// taken back; F7's search plays no part in it.
    @Test func aScriptsQuestionIsRevealedWhenThePresenterGoesOn() throws {
        let room = try Room(.presenter)
        room.layer.ask("Which answers first?", choices: ["Wallet", "Contacts"], answer: 1)
        #expect(room.sent == [.ask(question: "Which answers first?", choices: ["Wallet", "Contacts"])])
        room.layer.receive(.tally(poll: 3, counts: [2, 1], waiting: 0))
        // An unwind that runs meanwhile reveals nothing.
        try room.harness.run("n<esc>")
        #expect(room.sent.count == 1)
        room.layer.revealAsked(takenBack: false)
        #expect(room.sent.last == .reveal(answer: 1))
        #expect(room.layer.question?.revealed == .some(1))
        let caption = room.harness.events.compactMap { if case .caption(let text) = $0 { text } else { nil } }.last
        #expect(caption == "the room answered \"Which answers first?\": a) 2, b) 1; 3 answered, 0 did not; the answer: b) Contacts")

        room.layer.ask("Opinion?", choices: ["yes", "no"], answer: nil)
        room.layer.revealAsked(takenBack: true)
        #expect(room.sent.last == .reveal(answer: nil))
        #expect(room.layer.question == nil)
    }

    /// Whatever the server says and the attendee types, in any order: an answer is sent only to
    /// the question on screen, for one of its choices, and the panel shows the last one sent;
    /// a revealed, closed or withdrawn question takes no letter.
    @Test func anAttendeeAnswersOnlyTheQuestionOnScreen() async throws {
        let keys: [Key] = ["a", "b", "c", "z", "q", "n"].map { .character(Character($0)) } + [.escape, .enter, .down]
        await propertyCheck(count: 60, input: Gen.int(in: 0...99).array(of: 1...40)) { moves in
            let room = try! Room(.attendee, size: Size(width: 80, height: 24))
            for move in moves {
                let before = room.sent.count
                let shown = room.layer.question
                switch move % 10 {
                case 0: room.layer.receive(.question(poll: move / 10, question: "Q\(move)?", choices: ["x", "y", "z"].prefix(2 + move % 2).map { $0 }, answered: nil))
                case 1: room.layer.receive(.revealed(poll: move / 10, answer: move % 3 == 0 ? nil : 1))
                case 2: room.layer.receive(.tally(poll: move / 10, counts: [1, 2], waiting: 3))
                case 3: room.layer.receive(.locked(poll: move / 10))
                default: room.harness.run([.press(keys[move % keys.count])])
                }
                if room.sent.count > before, case .answer(let poll, let choice) = room.sent.last! {
                    #expect(shown?.isOpen == true && shown?.poll == poll, "an answer to a question not open on screen")
                    #expect(shown?.isLocked == false, "an answer after the voting closed")
                    #expect(shown.map { $0.choices.indices.contains(choice) } == true)
                    #expect(room.layer.question?.answer == choice)
                }
                #expect(room.harness.lines.count == 24)
            }
        }
    }

    /// An ASCII terminal gets the panel in ASCII: its frame, its bars, the dots between counts.
    @Test func anASCIITerminalGetsAnASCIIPanel() throws {
        let harness = try WalletHarness(size: Size(width: 100, height: 32), capabilities: TerminalCapabilities(unicode: false, color: false))
        let layer = RoomLayer(role: .presenter, window: harness.app.window) { _ in }
        harness.app.room = layer
        try harness.run(Self.pausedBeforeSearch + "<f7>")
        layer.receive(.tally(poll: 1, counts: [1, 3, 0, 1], waiting: 2))
        harness.app.render()
        #expect(harness.text.contains("The room: 5 answered"))
        let text = harness.text
        let nonASCII = text.unicodeScalars.filter { !$0.isASCII }
        #expect(nonASCII.isEmpty, "\(text)")
        #expect(harness.text.contains("####"))
    }

    /// However small the terminal, the panel draws inside it, or not at all: never off the screen.
    @Test func thePanelFitsAnySize() throws {
        for width in [10, 24, 40, 80] {
            for height in [5, 7, 10, 24] {
                let room = try Room(.attendee, size: Size(width: width, height: height))
                room.layer.receive(.question(poll: 1, question: String(repeating: "word ", count: 80), choices: (0..<26).map { "choice \($0)" },
                                             answered: 25))
                room.harness.app.render()
                #expect(room.harness.lines.count == height)
                #expect(room.harness.lines.allSatisfy { $0.count <= width })
            }
        }
    }
}
