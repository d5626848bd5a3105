import Terminal
import Testing

@Suite("Recording typed keys as a script (--record)")
struct RecordingBackendTests {
    /// Everything written, and the recorder over a terminal that types `typing`.
    /// `quit`: the app quit by the last keys; `holding`: the keys read (counted from 1) during
    /// which the app asks whether to quit.
    static func record(_ typing: [(at: Double, key: Key)], suspendAfter: Int? = nil, quit: Bool = false,
                       holding: ClosedRange<Int>? = nil) -> String {
        let clock = ManualClock()
        let terminal = TimedTerminal(clock: clock, typing: typing)
        terminal.suspension = 50
        var written = ""
        let recorder = RecordingBackend(base: terminal, clock: { clock.now }, write: { written += $0 })
        var read = 0
        recorder.holdsKeys = { holding?.contains(read) ?? false }
        while !terminal.typing.isEmpty {
            if recorder.readKey(timeout: nil) != nil { read += 1 }
            if read == suspendAfter { recorder.suspend() }
        }
        recorder.finish(quit: quit)
        return written
    }

    @Test("Keys are written in the --keys notation as they come; a line ends after Enter")
    func notation() {
        let typed: [Key] = [.character("n"), .down, .down, .enter, .character("1"), .character("<"), .escape]
        let written = Self.record(typed.enumerated().map { (Double($0.offset) * 0.2, $0.element) })
        #expect(written == "n<down><down><enter>\n1<lt><esc>\n")
    }

    @Test("A played script's keys pass through the recorder as the script's (Event.scriptKey), and are recorded")
    func scriptKeysPassThrough() throws {
        let clock = ManualClock()
        let player = PlayingBackend(base: TimedTerminal(clock: clock), script: try KeyNotation.parse("ab"), clock: { clock.now })
        var written = ""
        let recorder = RecordingBackend(base: player, clock: { clock.now }, write: { written += $0 })
        var events: [Event] = []
        while !player.hasEnded {
            if let event = recorder.readEvent(timeout: nil) { events.append(event) }
        }
        recorder.finish(quit: false)
        #expect(events == [.scriptKey(.character("a")), .scriptKey(.character("b"))])
        #expect(written.hasSuffix("ab\n"), "\(written)")
    }

    @Test("A gap of more than a second is a <wait S>, rounded to a tenth, on a line of its own")
    func gapsBecomeWaits() {
        let written = Self.record([(0.5, .character("a")), (1.4, .character("b")), (3.46, .character("c")), (15.0, .enter)])
        #expect(written == "ab\n<wait 2.1>\nc\n<wait 11.5>\n<enter>\n")
    }

    @Test("A recording plays back as the keys and waits typed")
    func roundTrip() throws {
        let written = Self.record([(0.2, .character("#")), (0.3, .character("x")), (2.0, .enter), (2.1, .character("#")), (9.0, .character(" "))])
        #expect(written.hasPrefix("<hash>x\n<wait 1.7>\n<enter>\n<hash>\n<wait 6.9>\n<space>"))
        let steps = try KeyNotation.parse(file: written)
        #expect(steps == [.press(.character("#")), .press(.character("x")), .wait(1.7), .press(.enter), .press(.character("#")), .wait(6.9), .press(.character(" "))])
    }

    @Test("Space is written <space>: a blank at the end of a line, which editors trim, would lose the presenter's steps")
    func spaceIsWrittenByName() throws {
        // F3, then Space for each step of a segue, as a presenter steps through one.
        let written = Self.record([(0.1, .function(3)), (0.2, .character(" ")), (1.5, .character(" ")), (1.6, .character(" "))])
        #expect(written == "<f3><space>\n<wait 1.3>\n<space><space>\n")
        #expect(!written.split(separator: "\n").contains { $0.last == " " }, "no line ends with a blank")
        #expect(try KeyNotation.parse(file: written) == [.press(.function(3)), .press(.character(" ")), .wait(1.3), .press(.character(" ")), .press(.character(" "))])
    }

    @Test("Resizes are not typed keys and are left out; time stopped with Ctrl-Z does not count as a wait")
    func resizesAndSuspension() {
        #expect(Self.record([(0.1, .character("a")), (0.2, .resize), (0.5, .character("b")), (0.6, .character("c"))], suspendAfter: 2) == "abc\n")
    }

    @Test("The key that quit is left out, so that playing the recording ends on the last screen, not on the shell")
    func quittingKeyLeftOut() throws {
        let written = Self.record([(0.1, .character("n")), (0.2, .escape), (0.3, .character("q"))], quit: true)
        #expect(written == "n<esc>\n")
        // The time the last screen showed before q stays, as a wait: played, the end shows as long.
        #expect(Self.record([(0.1, .character("n")), (2.6, .character("q"))], quit: true) == "n\n<wait 2.5>\n")
        // Ended another way (the terminal closed), the last key is written like the others.
        #expect(Self.record([(0.1, .character("n")), (0.2, .escape)], quit: false) == "n<esc>\n")
    }

    @Test("Keys answering the Quit? question are left out with the key that asked; after Don't Quit they are written")
    func quitQuestionLeftOut() throws {
        // q asks (the 3rd key read), Enter answers Quit: both are left out.
        let asked = Self.record([(0.1, .character("n")), (0.2, .character("1")), (0.3, .character("q")), (0.4, .enter)],
                                quit: true, holding: 3...4)
        #expect(asked == "n1\n")
        // q asks, Esc answers Don't Quit, and the session goes on: everything is written.
        let stayed = Self.record([(0.1, .character("q")), (0.2, .escape), (0.3, .character("n"))], quit: false, holding: 1...2)
        #expect(stayed == "q<esc>n\n")
    }
}

@Suite("What a script needs (# needs:)")
struct ScriptNeedsTests {
    @Test("A script's # needs: lines say its size, inspector, stepping and storyboard; other comments say nothing")
    func needsAreRead() throws {
        let needs = try ScriptNeeds.parse(file: "# a comment\n# needs: size 120x30, inspector off\n# needs: step on, storyboard Abort.storyboard\nn\n")
        #expect(needs == ScriptNeeds(size: Size(width: 120, height: 30), inspector: false, step: true, storyboard: "Abort.storyboard"))
        #expect(try ScriptNeeds.parse(file: "n<enter>\n# needs nothing here\n") == ScriptNeeds())
    }

    @Test("A need the notation does not know is an error with its line, not a need dropped", arguments: [
        "# needs: size big", "# needs: inspector maybe", "# needs: colour blue", "# needs: step",
    ])
    func unknownNeed(line: String) {
        #expect(throws: KeyNotation.ParseError.self) { try ScriptNeeds.parse(file: "n\n" + line + "\n") }
    }
}

@Suite("Captions in a script file (#>)")
struct CaptionNotationTests {
    @Test("A line starting #> is a caption, #> alone takes it away; other # lines are comments")
    func captions() throws {
        let steps = try KeyNotation.parse(file: "# a comment\n#> What happens next\nn\n#>\n#>No space\n")
        #expect(steps == [.caption("What happens next"), .press(.character("n")), .caption(""), .caption("No space")])
        #expect(try KeyNotation.parse(file: "#> said\nq") == [.caption("said"), .press(.character("q"))])
    }
}
