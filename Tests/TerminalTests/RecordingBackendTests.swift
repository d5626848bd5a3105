import Terminal
import Testing

@Suite("Recording typed keys as a script (--record)")
struct RecordingBackendTests {
    /// Everything written, and the recorder over a terminal that types `typing`.
    static func record(_ typing: [(at: Double, key: Key)], suspendAfter: Int? = nil) -> String {
        let clock = ManualClock()
        let terminal = TimedTerminal(clock: clock, typing: typing)
        terminal.suspension = 50
        var written = ""
        let recorder = RecordingBackend(base: terminal, clock: { clock.now }, write: { written += $0 })
        var read = 0
        while !terminal.typing.isEmpty {
            if recorder.readKey(timeout: nil) != nil { read += 1 }
            if read == suspendAfter { recorder.suspend() }
        }
        recorder.finish()
        return written
    }

    @Test("Keys are written in the --keys notation as they come; a line ends after Enter")
    func notation() {
        let typed: [Key] = [.character("n"), .down, .down, .enter, .character("1"), .character("<"), .escape]
        let written = Self.record(typed.enumerated().map { (Double($0.offset) * 0.2, $0.element) })
        #expect(written == "n<down><down><enter>\n1<lt><esc>\n")
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
}
