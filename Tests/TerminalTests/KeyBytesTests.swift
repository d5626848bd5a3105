import Terminal
import TestSupport
import Testing

/// Where a terminal's bytes divide into keys: a terminal backend passes a key on only when all
/// its bytes are in, so a sequence split across reads is one key, however it was split.
@Suite("Key bytes")
struct KeyBytesTests {
    /// What xterm (and tmux, and Terminal.app) send: arrows in both cursor modes, function keys,
    /// Shift-Tab, Delete, mouse reports old and SGR, an Alt-key, characters of 1 to 4 bytes.
    static let keys: [String] = [
        "\u{1B}OA", "\u{1B}[B", "\u{1B}[1;5C", "\u{1B}OP", "\u{1B}[15~", "\u{1B}[Z", "\u{1B}[3~",
        "\u{1B}[M !!", "\u{1B}[<0;12;5M", "\u{1B}[<64;1;1m", "\u{1B}j", "q", "\r", "\u{7F}", "é", "€", "😀",
    ]

    @Test("Each key alone is one whole unit")
    func eachKeyIsOneUnit() {
        for key in Self.keys {
            let bytes = Array(key.utf8)
            #expect(KeyBytes.unitLengths(bytes) == [bytes.count], "\(bytes)")
        }
    }

    @Test("Every split of every key holds back exactly the key's start")
    func everySplitHoldsTheStart() {
        for key in Self.keys {
            let bytes = Array(key.utf8)
            for cut in 1..<max(bytes.count, 1) {
                #expect(KeyBytes.wholeLength(of: bytes[..<cut]) == 0, "\(bytes) cut at \(cut)")
            }
        }
    }

    @Test("Keys typed together divide where one ends, whatever follows it")
    func keysTogether() {
        for first in Self.keys {
            for second in Self.keys {
                let bytes = Array((first + second).utf8)
                #expect(KeyBytes.unitLengths(bytes) == [first.utf8.count, second.utf8.count], "\(first.debugDescription) then \(second.debugDescription)")
            }
        }
    }

    @Test("A lone ESC is held; ESC then ESC is an Esc and the start of what follows")
    func loneEscape() {
        #expect(KeyBytes.unitLengths([0x1B]) == [nil])
        #expect(KeyBytes.unitLengths([0x1B, 0x1B]) == [1, nil])
        #expect(KeyBytes.unitLengths(Array("\u{1B}\u{1B}[0n".utf8)) == [1, 4])
    }

    @Test("A status answer after a held start makes that start a key of its own")
    func answerAfterHeldStart() {
        for answer in KeyBytes.statusAnswers {
            #expect(KeyBytes.unitLengths([0x1B] + answer) == [1, 4])
            // ESC [ and then the answer: a malformed sequence, passed on, and the answer whole.
            #expect(KeyBytes.unitLengths(Array("\u{1B}[".utf8) + answer) == [2, 4])
            // ESC O and not a final byte: Alt-O.
            #expect(KeyBytes.unitLengths(Array("\u{1B}O".utf8) + answer) == [2, 4])
        }
    }

    @Test("A control sequence longer than any key is passed on as it is, not held for ever")
    func overlongSequence() {
        let bytes = Array("\u{1B}[".utf8) + [UInt8](repeating: 0x31, count: 500)
        #expect(KeyBytes.wholeLength(of: bytes) == bytes.count)
    }

    @Test("A character's bytes broken by another key end where the other key starts")
    func brokenCharacter() {
        // The first two bytes of €, then ESC O A: the broken character is passed on (the decoder
        // drops it), and the arrow is whole.
        #expect(KeyBytes.unitLengths([0xE2, 0x82] + Array("\u{1B}OA".utf8)) == [2, 3])
        // A continuation byte alone, and bytes that start no character, are units of one.
        #expect(KeyBytes.unitLengths([0x82, 0xFF, 0x41]) == [1, 1, 1])
    }

    @Test("Any bytes divide into units that put back together are the bytes")
    func unitsCoverTheBytes() {
        var generator = SplitMix(seed: 21)
        let alphabet: [UInt8] = [0x1B, 0x5B, 0x4F, 0x41, 0x4D, 0x30, 0x3B, 0x7E, 0x20, 0xE2, 0x82, 0xAC, 0xF0, 0x9F, 0x71, 0x0D]
        for _ in 0..<2_000 {
            let bytes = (0..<Int(generator.next() % 24)).map { _ in alphabet[Int(generator.next() % UInt64(alphabet.count))] }
            let lengths = KeyBytes.unitLengths(bytes)
            #expect(lengths.dropLast().allSatisfy { $0 != nil && $0! > 0 })
            let whole = KeyBytes.wholeLength(of: bytes)
            #expect(whole == lengths.compactMap { $0 }.reduce(0, +))
            #expect(whole == bytes.count || lengths.last == .some(nil), "\(bytes)")
            // What is held is a start that more bytes could finish, never longer than a sequence can be.
            #expect(bytes.count - whole <= KeyBytes.longestSequence, "\(bytes)")
        }
    }
}
