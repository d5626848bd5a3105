import Terminal
import Testing

/// The kitty keyboard protocol's first level (issue 34), apart from any terminal: its answer is
/// taken out of the input and remembered, and each key it reports becomes the legacy bytes the
/// key decoder reads, Esc a key of its own.
@Suite("The kitty keyboard protocol's keys")
struct KittyKeyboardTests {
    private func legacy(_ text: String) -> String {
        String(decoding: KittyKeyboard.legacyBytes(Array(text.utf8)), as: UTF8.self)
    }

    @Test("Esc, with or without modifiers or an event type, is the protocol's Esc: a whole key, never a lone ESC to wait on",
          arguments: ["\u{1B}[27u", "\u{1B}[27;1u", "\u{1B}[27;2u", "\u{1B}[27;1:1u", "\u{1B}[27:27u"])
    func escape(_ reported: String) {
        #expect(legacy(reported) == "\u{1B}[27u")
        #expect(KeyBytes.wholeLength(of: Array(reported.utf8)) == reported.utf8.count)
    }

    @Test("Ctrl and a letter is its control code, as raw mode reads it: Ctrl-C quits, Ctrl-Z stops, Ctrl-N and Ctrl-P change tabs", arguments: [
        ("\u{1B}[99;5u", "\u{03}"), ("\u{1B}[122;5u", "\u{1A}"), ("\u{1B}[110;5u", "\u{0E}"), ("\u{1B}[112;5u", "\u{10}"),
        ("\u{1B}[67;6u", "\u{03}"), ("\u{1B}[32;5u", "\u{00}"),
    ])
    func controlKeys(reported: String, bytes: String) {
        #expect(legacy(reported) == bytes)
    }

    @Test("Enter, Tab, Shift-Tab and Backspace are their legacy bytes; the keypad's digits and signs are characters, its arrows and paging keys the legacy keys", arguments: [
        ("\u{1B}[13u", "\r"), ("\u{1B}[9u", "\t"), ("\u{1B}[9;2u", "\u{1B}[Z"), ("\u{1B}[127u", "\u{7F}"),
        ("\u{1B}[57399u", "0"), ("\u{1B}[57401u", "2"), ("\u{1B}[57408u", "9"), ("\u{1B}[57409u", "."), ("\u{1B}[57414u", "\r"),
        ("\u{1B}[57420u", "\u{1B}[B"), ("\u{1B}[57421u", "\u{1B}[5~"), ("\u{1B}[57424u", "\u{1B}[F"),
    ])
    func legacyKeys(reported: String, bytes: String) {
        #expect(legacy(reported) == bytes)
    }

    @Test("A key with Alt, Super, Hyper or Meta, or one of the protocol's keys the app has none of, is no key: never Esc and a character, which would go Back and type",
          arguments: ["\u{1B}[98;3u", "\u{1B}[98;9u", "\u{1B}[120;7u", "\u{1B}[57376u", "\u{1B}[57441u"])
    func noKey(_ reported: String) {
        #expect(legacy(reported).isEmpty)
    }

    @Test("A character the protocol reports is that character; other units, and bytes that are not the protocol's, pass as they came")
    func charactersAndOthers() {
        #expect(legacy("\u{1B}[233u") == "é")
        #expect(legacy("a\u{1B}[27ub\u{1B}[Bc") == "a\u{1B}[27ub\u{1B}[Bc")
        #expect(legacy("\u{1B}[5~\u{1B}OA\u{1B}[1;5B") == "\u{1B}[5~\u{1B}OA\u{1B}[1;5B")
        #expect(legacy("\u{1B}[?1u") == "\u{1B}[?1u")
        #expect(legacy("\u{1B}[;5u\u{1B}[xu") == "\u{1B}[;5u\u{1B}[xu")
    }

    @Test("The answer to the question is its flags; a start of one is one, not a key")
    func answers() {
        #expect(KittyKeyboard.answer(at: Array("\u{1B}[?1u".utf8))?.flags == 1)
        #expect(KittyKeyboard.answer(at: Array("\u{1B}[?0ux".utf8)).map { [$0.length, $0.flags] } == [5, 0])
        #expect(KittyKeyboard.answer(at: Array("\u{1B}[?u".utf8)) == nil)
        #expect(KittyKeyboard.answer(at: Array("\u{1B}[?1".utf8)) == nil)
        #expect(KittyKeyboard.isAnswerStart(Array("\u{1B}[?1".utf8)) && KittyKeyboard.isAnswerStart(Array("\u{1B}[".utf8)))
        #expect(!KittyKeyboard.isAnswerStart(Array("\u{1B}[1".utf8)))
    }

    @Test("WholeKeys takes the answer out wherever it comes, whole or in two reads, and remembers the flags; the keys around it go on")
    func answerTakenOut() {
        let now = ContinuousClock.now
        var keys = WholeKeys()
        keys.noteQuestion()
        #expect(keys.kittyFlags == nil)
        #expect(keys.take(Array("a\u{1B}[?1".utf8), at: now).whole == Array("a".utf8))
        let rest = keys.take(Array("u\u{1B}[0nb\u{1B}[27u".utf8), at: now)
        #expect(rest.whole == Array("b\u{1B}[27u".utf8) && !rest.ask)
        #expect(keys.kittyFlags == 1 && keys.answers && !keys.awaitsAnswer)
    }
}
