import Terminal
import Testing

@Suite("Key scripts for --keys")
struct KeyNotationTests {
    @Test("Literal characters are typed as they are")
    func literalCharacters() throws {
        #expect(try KeyNotation.parse("n12.34") == "n12.34".map { .press(.character($0)) })
    }

    @Test("Named keys in angle brackets", arguments: [
        ("<enter>", Key.enter), ("<esc>", .escape), ("<tab>", .tab), ("<s-tab>", .backTab),
        ("<up>", .up), ("<down>", .down), ("<left>", .left), ("<right>", .right),
        ("<pgup>", .pageUp), ("<pgdn>", .pageDown), ("<home>", .home), ("<end>", .end),
        ("<bs>", .backspace), ("<f1>", .function(1)), ("<f12>", .function(12)), ("<c-x>", .control("x")),
        ("<lt>", .character("<")), ("<ENTER>", .enter),
    ])
    func namedKeys(notation: String, key: Key) throws {
        #expect(try KeyNotation.parse(notation) == [.press(key)])
    }

    @Test("<wait S> lets S seconds pass, fractions included")
    func waits() throws {
        #expect(try KeyNotation.parse("<wait 3><wait 0.5>") == [.wait(3), .wait(0.5)])
    }

    @Test("<resize WxH> gives the terminal a size, and formats back to itself")
    func resizes() throws {
        #expect(try KeyNotation.parse("<resize 60x20>n") == [.resize(Size(width: 60, height: 20)), .press(.character("n"))])
        #expect(KeyNotation.format(.resize(Size(width: 60, height: 20))) == "<resize 60x20>")
        let steps: [KeyScriptStep] = [.press(.enter), .wait(0.5), .resize(Size(width: 1000, height: 1))]
        #expect(try KeyNotation.parse(steps.map(KeyNotation.format).joined()) == steps)
    }

    @Test("The issue's example script reads as keys and a wait")
    func issueExample() throws {
        let steps = try KeyNotation.parse("n<down><down><enter>12.34<enter><wait 3>")
        #expect(steps.count == 11)
        #expect(steps.first == .press(.character("n")))
        #expect(steps.last == .wait(3))
    }

    @Test("Mistakes are refused with a message that says what to write", arguments: [
        ("<nope>", "unknown key <nope>"), ("<enter", "unclosed '<'"), ("<wait>", "<wait S>"),
        ("<wait -1>", "<wait S>"), ("<f13>", "unknown key <f13>"), ("<c-1>", "unknown key <c-1>"),
        ("<resize>", "<resize WxH>"), ("<resize 80>", "<resize WxH>"), ("<resize 0x24>", "each from 1 to 1000"),
        ("<resize 80x1001>", "each from 1 to 1000"), ("<resize axb>", "<resize WxH>"),
    ])
    func mistakes(script: String, message: String) {
        #expect {
            try KeyNotation.parse(script)
        } throws: { error in
            (error as? KeyNotation.ParseError)?.message.contains(message) == true
        }
    }

    @Test("Every key formats back to notation that parses to the same key")
    func roundTrip() throws {
        let keys: [Key] = [.enter, .escape, .tab, .backTab, .up, .down, .pageUp, .end, .backspace,
                           .function(5), .control("c"), .character("<"), .character("é")]
        for key in keys {
            #expect(try KeyNotation.parse(KeyNotation.format(key)) == [.press(key)])
        }
    }
}

@Suite("<pause> in key scripts")
struct PauseNotationTests {
    @Test("<pause> is a step of its own, in --keys and in a file: where --play waits and F4 rewinds to")
    func pauseIsAStep() throws {
        #expect(try KeyNotation.parse("a<pause>b<PAUSE>") == [.press(.character("a")), .pause, .press(.character("b")), .pause])
        #expect(try KeyNotation.parse(file: "# talk first\n<pause>\nn<wait 1>") == [.pause, .press(.character("n")), .wait(1)])
    }

    @Test("The message for an unknown key lists <pause>")
    func unknownKeyListsPause() {
        do {
            _ = try KeyNotation.parse("<paws>")
            Issue.record("<paws> was taken")
        } catch {
            #expect(error.message.contains("<pause>"), "\(error.message)")
        }
    }
}
