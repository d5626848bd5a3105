import Terminal
import Testing
import TestSupport

/// The player's keys are read as the app meets them (`PlayedScript`): through the player's
/// responder, first in the app's chain.
@MainActor
@Suite("Playing a script in the terminal (--play)")
struct PlayingBackendTests {
    /// The keys the app gets, with when, read as the app's loop reads them (waiting for ever
    /// when it has no timer) until the script has ended and nothing more is typed.
    static func run(_ player: PlayedScript, clock: ManualClock, terminal: TimedTerminal, timeout: Double? = nil) -> [(Double, Key)] {
        var keys: [(Double, Key)] = []
        while !player.hasEnded || !terminal.typing.isEmpty {
            if let key = player.readKey(timeout: timeout) { keys.append((clock.now, key)) }
        }
        return keys
    }

    static func make(_ script: String, speed: Double = 1, typing: [(at: Double, key: Key)] = []) throws -> (PlayedScript, ManualClock, TimedTerminal) {
        let clock = ManualClock()
        let terminal = TimedTerminal(clock: clock, typing: typing)
        let player = PlayingBackend(base: terminal, script: try KeyNotation.parse(file: script), speed: speed, clock: { clock.now })
        return (PlayedScript(player: player, clock: { clock.now }), clock, terminal)
    }

    @Test("At speed 1 the keys come 8 a second after a second's lead-in, and <wait S> adds S seconds")
    func paceAtSpeedOne() throws {
        let (player, clock, terminal) = try Self.make("ab<wait 2>c")
        let keys = Self.run(player, clock: clock, terminal: terminal)
        #expect(keys.map(\.1) == [.character("a"), .character("b"), .character("c")])
        #expect(keys.map(\.0) == [1.0, 1.125, 3.25])
    }

    @Test("The script's keys come as the script's (Event.scriptKey), the presenter's as typed, for the app's chain to decide (the player's responder first)")
    func scriptKeysAreTheScripts() throws {
        let (played, _, _) = try Self.make("a<pause>b", typing: [(3, .character(" "))])
        let player = played.player
        #expect(player.readEvent(timeout: nil) == .scriptKey(.character("a")))
        #expect(player.readEvent(timeout: nil) == .key(.character(" ")))
        #expect(player.isPaused)
        player.continueScript()
        #expect(player.readEvent(timeout: nil) == .scriptKey(.character("b")))
    }

    @Test("A <resize WxH> is skipped in a real terminal, whose size is the user's: the keys come as without it")
    func resizeIsSkipped() throws {
        let (player, clock, terminal) = try Self.make("a<resize 40x10>b")
        let keys = Self.run(player, clock: clock, terminal: terminal)
        #expect(keys.map(\.1) == [.character("a"), .character("b")])
        #expect(keys.map(\.0) == [1.0, 1.125])
    }

    @Test("Speed 2 is twice as fast, waits included")
    func paceAtSpeedTwo() throws {
        let (player, clock, terminal) = try Self.make("ab<wait 2>c", speed: 2)
        #expect(Self.run(player, clock: clock, terminal: terminal).map(\.0) == [0.5, 0.5625, 1.625])
    }

    @Test("A <pause> waits for the presenter's Space, which the app never gets; other keys are ignored there")
    func pauseWaitsForSpace() throws {
        let (player, clock, terminal) = try Self.make("a<pause>b", typing: [(5, .character("x")), (6, .enter), (10, .character(" "))])
        let keys = Self.run(player, clock: clock, terminal: terminal)
        #expect(keys.map(\.1) == [.character("a"), .character("b")])
        #expect(keys.map(\.0) == [1.0, 10.125])
    }

    @Test("While paused a note on the last row says Space goes on; the app's cells under it come back after")
    func pauseNote() throws {
        let (player, clock, terminal) = try Self.make("a<pause>b", typing: [(5, .character(" "))])
        player.draw([CellChange(point: Point(x: 59, y: 3), cell: Cell("Z"))], cursor: nil)
        #expect(player.readKey(timeout: nil) == .character("a"))
        // Paused: the next read waits for the presenter.
        #expect(player.readKey(timeout: 1) == nil)
        #expect(player.isPaused)
        #expect(terminal.lastRow.hasSuffix(" Paused: Space goes on"))
        // What the app draws under the note stays under it.
        player.draw([CellChange(point: Point(x: 58, y: 3), cell: Cell("Y"))], cursor: nil)
        #expect(terminal.lastRow.hasSuffix(" Paused: Space goes on"))
        #expect(player.readKey(timeout: nil) == .character("b"))
        #expect(clock.now == 5.125)
        #expect(terminal.lastRow.hasSuffix("YZ"))
    }

    @Test("The note blanks a footer hint it would cut in half (F1 keys left as F1) and gives it back whole after")
    func noteCutsNoHint() throws {
        let (player, _, terminal) = try Self.make("a<pause>b", typing: [(5, .character(" "))])
        // On a 60-column row the note " Paused: Space goes on " starts at column 37: over the
        // "keys" of "F1 keys", which starts at 34.
        let footer = "q quit   F1 keys"
        player.draw(footer.enumerated().map { CellChange(point: Point(x: 25 + $0.offset, y: 3), cell: Cell($0.element)) }, cursor: nil)
        #expect(player.readKey(timeout: nil) == .character("a"))
        #expect(player.readKey(timeout: 1) == nil)
        #expect(terminal.lastRow.hasSuffix(" Paused: Space goes on"))
        #expect(!terminal.lastRow.contains("F1") && terminal.lastRow.contains("q quit"), "\(terminal.lastRow)")
        #expect(player.readKey(timeout: nil) == .character("b"))
        #expect(terminal.lastRow == String(repeating: " ", count: 25) + "q quit   F1 keys", "\(terminal.lastRow)")
    }

    @Test("q and Ctrl-C stop the script and quit as Ctrl-C does, even while a text field would take a q; then the keys are the presenter's", arguments: [Key.character("q"), .control("c")])
    func quitKeys(key: Key) throws {
        let (player, clock, terminal) = try Self.make("<wait 20>a", typing: [(2, key), (3, .character("q")), (4, .enter)])
        let keys = Self.run(player, clock: clock, terminal: terminal)
        #expect(keys.map(\.1) == [.control("c"), .character("q"), .enter])
        #expect(player.hasEnded)
    }

    @Test("Ctrl-Z and resizes go through while the script plays")
    func suspendAndResize() throws {
        let (player, clock, terminal) = try Self.make("<wait 20>a", typing: [(4, .control("z")), (5, .resize)])
        let keys = Self.run(player, clock: clock, terminal: terminal)
        #expect(keys.map(\.1) == [.control("z"), .resize, .character("a")])
    }

    @Test("A stopped script says so on the last row until the presenter's next key")
    func stoppedNote() throws {
        let (player, _, terminal) = try Self.make("<wait 20>a", typing: [(2, .character("q")), (3, .escape)])
        #expect(player.readKey(timeout: nil) == .control("c"))
        #expect(terminal.lastRow.hasSuffix(" Script stopped: the keys are yours"))
        #expect(player.readKey(timeout: nil) == .escape)
        #expect(terminal.lastRow.trimmingCharacters() == "")
    }

    @Test("Another key while the script plays is ignored, with a note for two seconds saying what the keys do")
    func ignoredKeyNote() throws {
        let (player, clock, terminal) = try Self.make("<wait 10>a", typing: [(2, .character("x"))])
        #expect(player.readKey(timeout: 1) == nil)
        #expect(player.readKey(timeout: 2.5) == nil)
        #expect(clock.now == 3.5)
        #expect(terminal.lastRow.hasSuffix(" Playing a script: Space at a pause, F4 back, q quits"))
        #expect(player.readKey(timeout: 1) == nil)
        #expect(clock.now == 4.5)
        #expect(terminal.lastRow.trimmingCharacters() == "")
        #expect(player.readKey(timeout: nil) == .character("a"))
        #expect(clock.now == 11)
    }

    @Test("The app's timers run on time: a read returns when its timeout ends, however far the next key is")
    func timeoutsAreKept() throws {
        let (player, clock, _) = try Self.make("<wait 10>a")
        #expect(player.readKey(timeout: 0.5) == nil)
        #expect(clock.now == 0.5)
        #expect(player.readKey(timeout: 20) == .character("a"))
        #expect(clock.now == 11)
    }

    @Test("Once the script has ended a note says the keys are the presenter's, and every key goes to the app as typed")
    func afterTheEnd() throws {
        let (player, clock, terminal) = try Self.make("a", typing: [(3, .character("q")), (4, .character("x"))])
        let keys = Self.run(player, clock: clock, terminal: terminal)
        #expect(keys.map(\.1) == [.character("a"), .character("q"), .character("x")])
        #expect(terminal.lastRow.trimmingCharacters() == "")
        let (ended, _, endedTerminal) = try Self.make("a")
        #expect(ended.readKey(timeout: nil) == .character("a"))
        #expect(ended.readKey(timeout: nil) == nil)
        #expect(ended.hasEnded)
        #expect(endedTerminal.lastRow.hasSuffix(" Script ended: the keys are yours"))
    }

    @Test("Time stopped with Ctrl-Z is not the script's: it takes up where it was")
    func suspensionShiftsTheScript() throws {
        let (player, clock, terminal) = try Self.make("a<wait 5>b")
        terminal.suspension = 100
        #expect(player.readKey(timeout: nil) == .character("a"))
        player.suspend()
        #expect(player.readKey(timeout: nil) == .character("b"))
        #expect(clock.now == 1 + 100 + 0.125 + 5)
    }

    @Test("A note that would cut one of the app's wide characters in half blanks all of it, and gives it back after")
    func wideCharacterUnderTheNote() throws {
        let (player, _, terminal) = try Self.make("<pause>a", typing: [(3, .character(" "))])
        let width = 60 - " Paused: Space goes on ".count
        player.draw([
            CellChange(point: Point(x: width - 1, y: 3), cell: Cell("界")),
            CellChange(point: Point(x: width, y: 3), cell: .continuation),
        ], cursor: nil)
        #expect(player.readKey(timeout: 2) == nil)
        #expect(terminal.screen[width - 1, 3].character == " ")
        #expect(player.readKey(timeout: nil) == .character("a"))
        #expect(terminal.screen[width - 1, 3].character == "界")
        #expect(terminal.screen[width, 3].isContinuation)
    }
}

extension String {
    func trimmingCharacters() -> Substring {
        var text = Substring(self)
        while text.first == " " { text = text.dropFirst() }
        while text.last == " " { text = text.dropLast() }
        return text
    }
}

@Suite("Playing a script over a terminal that never waits")
struct PlayingOverMemoryTerminalTests {
    @Test("Over a terminal that returns at once (MemoryTerminal), a read returns nil instead of spinning, and the script goes on as the clock moves")
    func noSpin() throws {
        let clock = ManualClock()
        let terminal = MemoryTerminal(size: Size(width: 40, height: 3))
        let player = PlayingBackend(base: terminal, script: try KeyNotation.parse("ab"), clock: { clock.now })
        #expect(player.readKey(timeout: 5) == nil)
        #expect(player.readKey(timeout: nil) == nil)
        clock.now = 1
        #expect(player.readKey(timeout: nil) == .character("a"))
        #expect(player.readKey(timeout: nil) == nil)
        clock.now = 1.125
        #expect(player.readKey(timeout: nil) == .character("b"))
    }
}

/// A script's question for the room (`#?`), as `--play` meets it (issue 35).
@MainActor
@Suite("A script's questions for the room")
struct ScriptQuestionTests {
    @Test("#? reads its question, its choices and the one marked right; a mistake says its line")
    func questionLines() throws {
        let steps = try KeyNotation.parse(file: "a\n#? Which answers first? | Wallet | *Contacts | none\n#? Opinion? | yes | no\nb")
        #expect(steps == [.press(.character("a")), .ask(question: "Which answers first?", choices: ["Wallet", "Contacts", "none"], answer: 1),
                          .ask(question: "Opinion?", choices: ["yes", "no"], answer: nil), .press(.character("b"))])
        // Written back, it reads the same.
        #expect(try KeyNotation.parse(file: steps.map(KeyNotation.format).joined()) == steps)
        // <ask>: the paused unwind's own question, no choices of the script's.
        let ask = try KeyNotation.parse("a<ask>b")
        #expect(ask == [.press(.character("a")), .ask(question: "", choices: [], answer: nil), .press(.character("b"))])
        #expect(ask.map(KeyNotation.format).joined() == "a<ask>b")
        for (line, message) in [("#? Only one | a", "line 2: a question for the room needs its text and 2 to 26 choices"),
                                ("#? Two right | *a | *b", "line 2: a question has one right choice, marked *, not 2"),
                                ("#? Empty | a | ", "line 2: a choice is empty")] {
            #expect(throws: KeyNotation.ParseError.self) { try KeyNotation.parse(file: "a\n" + line) }
            do {
                _ = try KeyNotation.parse(file: "a\n" + line)
            } catch {
                #expect(error.message.hasPrefix(message), "\(error.message)")
            }
        }
    }

    @Test("--play asks at #? and pauses; Space reveals and goes on; F4 and q take an open question back")
    func askRevealAndTakeBack() throws {
        let (played, _, _) = try PlayingBackendTests.make("a\n#? Q | x | *y\nb", typing: [(3, .character(" "))])
        let player = played.player
        var said: [String] = []
        player.onAsk = { said.append("ask \($0) \($1) \($2.map(String.init) ?? "-")") }
        player.onReveal = { said.append($0 ? "taken back" : "revealed") }
        #expect(player.readEvent(timeout: nil) == .scriptKey(.character("a")))
        #expect(player.readEvent(timeout: nil) == .key(.character(" ")))
        #expect(player.isPaused)
        #expect(said == ["ask Q [\"x\", \"y\"] 1"])
        player.continueScript()
        #expect(said.last == "revealed")
        #expect(player.readEvent(timeout: nil) == .scriptKey(.character("b")))

        let (again, _, _) = try PlayingBackendTests.make("#? Q | x | y\nb", typing: [(3, .function(4))])
        var ended: [Bool] = []
        again.player.onReveal = { ended.append($0) }
        _ = again.player.readEvent(timeout: nil)
        again.player.rewind()
        #expect(ended == [true])
        // Rewound, the question is a pause that asks nobody again on the way.
        again.player.stopScript()
        #expect(ended == [true])
    }
}
