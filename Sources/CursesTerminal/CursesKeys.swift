#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import CNcurses
import Terminal

/// What `wgetch` returns, as the app's keys.
enum CursesKeys {
    /// A key code (`wgetch` returned KEY_MIN or more); nil for keys the app has no use for.
    static func key(code: Int32) -> Key? {
        switch code {
        case KEY_ENTER: return .enter
        case KEY_BTAB: return .backTab
        case KEY_BACKSPACE: return .backspace
        case KEY_DC: return .delete
        case KEY_UP: return .up
        case KEY_DOWN: return .down
        case KEY_LEFT: return .left
        case KEY_RIGHT: return .right
        // The keypad's corners, and Find/Select, which some terminals send for Home/End.
        case KEY_PPAGE, KEY_A3: return .pageUp
        case KEY_NPAGE, KEY_C3: return .pageDown
        case KEY_HOME, KEY_A1, KEY_FIND: return .home
        case KEY_END, KEY_LL, KEY_C1, KEY_SELECT: return .end
        case KEY_RESIZE: return .resize
        case kittyEscape: return .escape
        case (KEY_F0 + 1)...(KEY_F0 + 63): return .function(Int(code - KEY_F0))
        default: return nil
        }
    }

    /// Each key the app uses, as terminals send it in either cursor-key mode (ESC [ A, and ESC O A
    /// once the app has asked for the application mode), and as the vt220, rxvt and tmux spell
    /// Home, End and the function keys. ncurses knows only the sequences the terminal's terminfo
    /// entry names, and a terminal does not always send those: one that ignores the application
    /// mode, a session whose TERM names another terminal, `tmux send-keys -H`, a test's pty. An
    /// unnamed arrow came as Esc and two characters, so it went Back. `define_key` adds these.
    static let sequences: [(sequence: String, code: Int32)] = {
        let escape = "\u{1B}"
        var sequences: [(String, Int32)] = []
        for (final, code) in [("A", KEY_UP), ("B", KEY_DOWN), ("C", KEY_RIGHT), ("D", KEY_LEFT), ("H", KEY_HOME), ("F", KEY_END)] {
            sequences += [(escape + "[" + final, code), (escape + "O" + final, code)]
        }
        sequences += [
            (escape + "[1~", KEY_HOME), (escape + "[7~", KEY_HOME), (escape + "[4~", KEY_END), (escape + "[8~", KEY_END),
            (escape + "[5~", KEY_PPAGE), (escape + "[6~", KEY_NPAGE), (escape + "[3~", KEY_DC), (escape + "[Z", KEY_BTAB),
            (escape + "OM", KEY_ENTER),
        ]
        // F1 to F4 as xterm (ESC O P) and the vt220 (ESC [11~) send them; F5 and F6 have one form.
        for (index, final) in ["P", "Q", "R", "S"].enumerated() {
            sequences += [(escape + "O" + final, KEY_F0 + Int32(index + 1)), (escape + "[\(11 + index)~", KEY_F0 + Int32(index + 1))]
        }
        sequences += [(escape + "[15~", KEY_F0 + 5), (escape + "[17~", KEY_F0 + 6)]
        // The kitty keyboard protocol's spellings (issue 34): F1, F2 and F4 as CSI P, Q and S,
        // F3 as CSI 13~, and Esc as a key of its own, CSI 27 u.
        sequences += [(escape + "[P", KEY_F0 + 1), (escape + "[Q", KEY_F0 + 2), (escape + "[13~", KEY_F0 + 3), (escape + "[S", KEY_F0 + 4),
                      (String(decoding: KittyKeyboard.escape, as: UTF8.self), kittyEscape)]
        return sequences
    }()

    /// The code ncurses returns for the kitty protocol's Esc: far above the codes it gives the
    /// extended keys of terminfo entries (from KEY_MAX up).
    static let kittyEscape: Int32 = 0x7E00

    /// Whole keys, without the sequences ncurses knows no key for. ncurses returns such a
    /// sequence byte by byte, ESC first, so the app took it for Esc and characters: Ctrl-Down
    /// where TERM names screen (which has no kDN5), keypad 5 (ESC [E), a focus report: Cancel,
    /// then whatever its characters press. Mouse reports are ncurses' own (KEY_MOUSE); a lone
    /// ESC, an Alt-key and malformed bytes are not sequences and go on.
    static func withoutUnknownSequences(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(KeyBytes.escape) else { return bytes }
        return KeyBytes.units(bytes).filter { !isUnknownSequence($0) }.flatMap { $0 }
    }

    private static func isUnknownSequence(_ unit: ArraySlice<UInt8>) -> Bool {
        KeyBytes.isKeySequence(unit) && key_defined(String(decoding: unit, as: UTF8.self)) == 0
    }

    /// A character (a byte below 128 from `wgetch`, or a decoded multibyte character); nil for
    /// control codes without a key.
    static func key(character value: UInt32) -> Key? {
        switch value {
        case 13, 10: return .enter // 13 with nonl(): Enter and Ctrl-M
        case 9: return .tab // Ctrl-I
        case 8, 127: return .backspace // Ctrl-H, and DEL which most terminals send for Backspace
        // A lone ESC: with escdelay 25 an Alt-key arrives as ESC then the key, read separately.
        case 27: return .escape
        case 1...26: return .control(Character(Unicode.Scalar(UInt8(0x60 + value))))
        case 0..<32, 0x80..<0xA0: return nil
        default: return Unicode.Scalar(value).map { .character(Character($0)) }
        }
    }
}

/// Puts together the characters that arrive as several bytes (wgetch returns them one by one).
///
/// Not `wget_wch`: on a byte its locale cannot decode (é typed in the C locale, a Latin-1
/// terminal in a UTF-8 locale) it goes on reading until its 145-byte buffer is full, so the next
/// keys vanish. Here an undecodable byte is dropped on its own and the keys after it still count.
struct CharacterDecoder {
    enum Step: Equatable {
        case complete(Unicode.Scalar)
        /// Needs more bytes.
        case incomplete
        case invalid
    }

    /// UTF-8, or the locale's own encoding when it has one beyond ASCII (ISO-8859-1, EUC-JP…).
    /// The C locale knows no byte above 127, but terminals send UTF-8: it gets UTF-8.
    let usesUTF8: Bool

    init(localeIsUTF8: Bool) {
        usesUTF8 = localeIsUTF8 || !Self.localeDecodesHighBytes
    }

    func decode(_ bytes: [UInt8]) -> Step {
        usesUTF8 ? Self.decodeUTF8(bytes) : Self.decodeWithLocale(bytes)
    }

    static func decodeUTF8(_ bytes: [UInt8]) -> Step {
        guard let lead = bytes.first else { return .incomplete }
        let length: Int
        switch lead {
        case 0x00..<0x80: length = 1
        case 0xC2...0xDF: length = 2
        case 0xE0...0xEF: length = 3
        case 0xF0...0xF4: length = 4
        default: return .invalid
        }
        guard bytes.count <= length, bytes.dropFirst().allSatisfy({ (0x80...0xBF).contains($0) }) else { return .invalid }
        guard bytes.count == length else { return .incomplete }
        guard let scalar = String(validating: bytes, as: UTF8.self)?.unicodeScalars.first else { return .invalid }
        return .complete(scalar)
    }

    private static func decodeWithLocale(_ bytes: [UInt8]) -> Step {
        var character: wchar_t = 0
        var state = mbstate_t()
        let result = bytes.withUnsafeBytes { raw in
            mbrtowc(&character, raw.baseAddress?.assumingMemoryBound(to: CChar.self), raw.count, &state)
        }
        switch result {
        case -2: return .incomplete
        case -1: return .invalid
        default: return Unicode.Scalar(UInt32(truncatingIfNeeded: character)).map { .complete($0) } ?? .invalid
        }
    }

    /// Whether the current locale reads 0xC3 as (the start of) a character: not in the C locale.
    private static var localeDecodesHighBytes: Bool {
        decodeWithLocale([0xC3]) != .invalid
    }
}
