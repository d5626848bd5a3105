import PropertyBased
import SessionProtocol
import Terminal
import Testing

/// The lines between `wallet-server` and a session's app about the room's questions: each
/// message reads back as written, titles cannot add or split a message, and nothing an app
/// could send (garbage, floods, lines without end) is more than dropped.
@Suite struct RoomMessageTests {
    static let messages: [RoomMessage] = [
        .ask(question: "Which controller answers yes first?", choices: ["Wallet", "Contacts", "none"]),
        .reveal(answer: 1), .reveal(answer: nil),
        .answer(poll: 3, choice: 25),
        .lock, .locked(poll: 3), .dismiss, .dismissed(poll: 3),
        .question(poll: 3, question: "Q?", choices: ["a", "b"], answered: nil),
        .question(poll: 4, question: "Q?", choices: ["a", "b"], answered: 1),
        .revealed(poll: 3, answer: 0), .revealed(poll: 3, answer: nil),
        .tally(poll: 3, counts: [0, 4, 1], waiting: 7),
        .exerciseDone(exercise: 3), .exercises(done: [30, 18, 2], sessions: 31),
    ]

    @Test func eachMessageReadsBackAsWritten() {
        var reader = RoomMessageReader()
        let bytes = Self.messages.flatMap(\.line)
        #expect(reader.read(bytes) == Self.messages)
    }

    /// Cut anywhere, a stream reads the same: a pipe delivers lines in pieces.
    @Test func aStreamCutAnywhereReadsTheSame() async {
        let bytes = Self.messages.flatMap(\.line)
        await propertyCheck(input: Gen.int(in: 0...bytes.count).array(of: 0...6)) { cuts in
            var reader = RoomMessageReader()
            var read: [RoomMessage] = []
            var start = 0
            for cut in cuts.sorted() + [bytes.count] {
                read += reader.read(bytes[start..<cut])
                start = cut
            }
            #expect(read == Self.messages)
        }
    }

    /// A title with a tab or a line end in it stays one word of one message.
    @Test func titlesCannotSplitOrAddAMessage() {
        let sly = RoomMessage.ask(question: "Which?\nreveal\t0", choices: ["a\tb", "c\u{1B}[2J"])
        var reader = RoomMessageReader()
        #expect(reader.read(sly.line) == [.ask(question: "Which? reveal 0", choices: ["a b", "c [2J"])])
    }

    /// What `line` never writes is no message (found by Fuzz/'s SessionProtocolFuzzer: a question
    /// with a unit separator was taken, and read back with a space in its place).
    @Test func aControlCharacterThatLineNeverWritesIsNoMessage() {
        var reader = RoomMessageReader()
        #expect(reader.read(Array("ask\tWhich controller\u{1F}\tWallet\tContacts\n".utf8)).isEmpty)
        #expect(reader.read(Array("ask\tWhich\tWal\u{7F}let\tContacts\nanswer\t1\t0\r\n".utf8)).isEmpty)
        #expect(reader.read(RoomMessage.ask(question: "Which controller\u{1F}", choices: ["a", "b"]).line)
            == [.ask(question: "Which controller ", choices: ["a", "b"])])
    }

    @Test func outOfBoundsMessagesAreDropped() {
        var reader = RoomMessageReader()
        let lines = [
            "ask\tQ\tonly one choice", "answer\t1\t26", "answer\t-1\t0", "answer\t1", "tally\t1\t0\t1", "question\t1\t2\tQ\ta\tb",
            "reveal\t99", "exercise-done\t0", "lock\t1", "locked", "locked\t-", "dismiss\t1", "dismissed", "hello", "", "ask\t\ta\tb", String(repeating: "x", count: RoomMessage.maximumLine + 10),
        ]
        #expect(reader.read(Array(lines.joined(separator: "\n").utf8) + [10]).isEmpty)
        // The reader goes on after them.
        #expect(reader.read(RoomMessage.reveal(answer: 2).line) == [.reveal(answer: 2)])
    }

    /// Whatever arrives, the reader never crashes and never keeps more than a line's worth.
    @Test func garbageIsDroppedNeverACrash() async {
        await propertyCheck(count: 300, input: Gen.uint8().array(of: 0...9000)) { bytes in
            var reader = RoomMessageReader()
            let messages = reader.read(bytes)
            // What it read are messages that read back the same.
            for message in messages {
                var again = RoomMessageReader()
                #expect(again.read(message.line) == [message])
            }
        }
    }
}

/// The order a question's choices are shown in: the same for the same question wherever it is
/// worked out (every session of a room sees the same letters), a shuffle of them all, and
/// spread, so that the right answer is not the same letter question after question (issue 47).
@Suite struct ChoiceOrderTests {
    @Test func theSameQuestionHasTheSameOrderEverywhere() {
        let seed = "ContactsViewController \"Contacts\" unwinds with cancel:. Which controller answers yes first?"
        // Worked out in this process; its hashing is seeded anew each run, the order must not be.
        #expect(ChoiceLetters.order(count: 7, seed: seed) == ChoiceLetters.order(count: 7, seed: seed))
        #expect(ChoiceLetters.order(count: 7, seed: seed) == [3, 0, 2, 5, 1, 4, 6], "an order kept in the repository: any machine, any run")
        for count in 0...26 {
            #expect(ChoiceLetters.order(count: count, seed: "\(count)").sorted() == Array(0..<count))
        }
    }

    @Test func whereTheFirstChoiceLandsIsSpread() {
        // Questions whose right answer is written first: where it is shown, over 400 questions.
        var landed = Array(repeating: 0, count: 4)
        for question in 0..<400 { landed[ChoiceLetters.order(count: 4, seed: "question \(question)").firstIndex(of: 0)!] += 1 }
        #expect(landed.allSatisfy { (60...140).contains($0) }, "\(landed)")
    }
}
