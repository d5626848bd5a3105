/// The kitty keyboard protocol's first level, "disambiguate escape codes"
/// (https://sw.kovidgoyal.net/kitty/keyboard-protocol/), which kitty, WezTerm, foot, Ghostty,
/// iTerm2 and Alacritty speak (issue 34): Esc comes as `CSI 27 u`, a key of its own, so it is
/// Esc at once, with nothing to wait for. Nothing here touches a terminal: a backend asks
/// (`query`, followed by the status query, which every terminal answers, so that an answer to
/// `query` comes before it or never), turns the protocol on when answered (`push`), turns it off
/// on every way out (`pop`), and hands its key decoder what `legacyBytes` makes of each key.
///
/// At this level the terminal reports as `CSI code[:alternates][;modifiers[:event]] u` only the
/// keys legacy bytes make ambiguous: Esc, Alt- and Ctrl-keys, the keypad's keys; text, Enter,
/// Tab, Backspace, arrows and function keys still come as they did.
public enum KittyKeyboard {
    /// `CSI ? u`: which of the protocol's flags are on. A terminal that speaks it answers
    /// `CSI ? flags u`; one that does not, nothing.
    public static let query: [UInt8] = Array("\u{1B}[?u".utf8)
    /// `CSI > 1 u`: "disambiguate escape codes" on, the terminal's mode before it kept on its stack.
    public static let push: [UInt8] = Array("\u{1B}[>1u".utf8)
    /// `CSI < u`: the mode `push` kept, back. The curses backend's every way out writes these
    /// bytes from C (`cn_restore_terminal` in Sources/CNcurses/shim.h), as signal handlers must.
    public static let pop: [UInt8] = Array("\u{1B}[<u".utf8)
    /// Esc, as the protocol sends it: the sequence a key decoder is taught as Esc.
    public static let escape: [UInt8] = Array("\u{1B}[27u".utf8)

    /// The answer to `query` at the start of `bytes`: its length and the flags it reports; nil
    /// when `bytes` do not start with a whole one.
    public static func answer(at bytes: some Collection<UInt8>) -> (length: Int, flags: Int)? {
        let prefix: [UInt8] = [KeyBytes.escape, UInt8(ascii: "["), UInt8(ascii: "?")]
        guard bytes.starts(with: prefix) else { return nil }
        var flags = 0, length = prefix.count
        for byte in bytes.dropFirst(prefix.count) {
            length += 1
            if byte == UInt8(ascii: "u") { return length > prefix.count + 1 ? (length, flags) : nil }
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte), length <= 8 else { return nil }
            flags = flags * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return nil
    }

    /// Whether `bytes` are the start of an answer to `query`, not yet all of it.
    public static func isAnswerStart(_ bytes: some Collection<UInt8>) -> Bool {
        let prefix: [UInt8] = [KeyBytes.escape, UInt8(ascii: "["), UInt8(ascii: "?")]
        let head = Array(bytes.prefix(prefix.count))
        guard prefix.starts(with: head) else { return false }
        return bytes.dropFirst(prefix.count).allSatisfy { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }
            && bytes.count <= 8
    }

    /// Every whole unit of `bytes` (`KeyBytes.unitLengths`) the protocol reports as `CSI … u`,
    /// written as the legacy bytes the key decoder reads; the other units as they came.
    public static func legacyBytes(_ bytes: [UInt8]) -> [UInt8] {
        guard bytes.contains(KeyBytes.escape) else { return bytes }
        return KeyBytes.units(bytes).flatMap { legacyBytes(ofKey: $0) ?? Array($0) }
    }

    /// One key the protocol reports (`CSI code[:…][;modifiers[:event]] u`) as legacy bytes: Esc
    /// (with any modifier) as `escape`; Ctrl and a letter as its control code (Ctrl-C is 3, as the
    /// app reads it in raw mode); Shift-Tab as `CSI Z`; Enter, Tab and Backspace as their bytes;
    /// the keypad's digits and signs as characters and its arrows and paging keys as the legacy
    /// keys; a key with Alt, Super or another modifier the app has no use for as nothing (never
    /// Esc and a character, which would go Back and type); any other code as its character. Nil
    /// when `unit` is not such a key.
    public static func legacyBytes(ofKey unit: some Collection<UInt8>) -> [UInt8]? {
        let bytes = Array(unit)
        guard bytes.count >= 4, bytes[0] == KeyBytes.escape, bytes[1] == UInt8(ascii: "["), bytes.last == UInt8(ascii: "u") else { return nil }
        let parameters = bytes[2..<(bytes.count - 1)]
        guard let first = parameters.first, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) else { return nil }
        let fields = parameters.split(separator: UInt8(ascii: ";"), omittingEmptySubsequences: false)
        guard let code = number(fields[0].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).first) else { return nil }
        // Modifiers are 1 + a bit each: Shift 1, Alt 2, Ctrl 4, Super 8, Hyper 16, Meta 32; Caps
        // Lock 64 and Num Lock 128 say nothing of the key.
        let modifiers = fields.count > 1
            ? (number(fields[1].split(separator: UInt8(ascii: ":"), omittingEmptySubsequences: false).first) ?? 1) - 1 : 0
        let shift = modifiers & 1 != 0, control = modifiers & 4 != 0
        if code == 27 { return escape }
        if modifiers & (2 | 8 | 16 | 32) != 0 { return [] }
        switch code {
        case 13: return [13]
        case 9: return shift ? Array("\u{1B}[Z".utf8) : [9]
        case 127, 8: return [127]
        case 57399...57408: return [UInt8(ascii: "0") + UInt8(code - 57399)]
        case 57409: return Array(".".utf8)
        case 57410: return Array("/".utf8)
        case 57411: return Array("*".utf8)
        case 57412: return Array("-".utf8)
        case 57413: return Array("+".utf8)
        case 57414: return [13]
        case 57415: return Array("=".utf8)
        case 57417: return Array("\u{1B}[D".utf8)
        case 57418: return Array("\u{1B}[C".utf8)
        case 57419: return Array("\u{1B}[A".utf8)
        case 57420: return Array("\u{1B}[B".utf8)
        case 57421: return Array("\u{1B}[5~".utf8)
        case 57422: return Array("\u{1B}[6~".utf8)
        case 57423: return Array("\u{1B}[H".utf8)
        case 57424: return Array("\u{1B}[F".utf8)
        case 57426: return Array("\u{1B}[3~".utf8)
        // The protocol's other functional keys (57344 on: F13 and up, media keys, lone modifiers)
        // are none of the app's.
        case 57344...63743: return []
        default: break
        }
        if control {
            // Ctrl and a letter, either case (Shift does not change it), or Ctrl-Space.
            switch code {
            case 97...122: return [UInt8(code - 96)]
            case 65...90: return [UInt8(code - 64)]
            case 32, 64: return [0]
            default: return []
            }
        }
        guard let scalar = Unicode.Scalar(UInt32(code)), code >= 32 else { return [] }
        return Array(String(Character(scalar)).utf8)
    }

    private static func number(_ digits: ArraySlice<UInt8>?) -> Int? {
        guard let digits, !digits.isEmpty, digits.count <= 7,
              digits.allSatisfy({ (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) }) else { return nil }
        return digits.reduce(0) { $0 * 10 + Int($1 - UInt8(ascii: "0")) }
    }
}
