/// Where the bytes a terminal sends divide into whole keys (issue 21): what a terminal backend
/// hands its key decoder only when whole, so that a sequence split across reads (over SSH, say)
/// is still one key, and a lone ESC is known for one without a fixed wait.
///
/// The grammar is xterm's, as ECMA-48 gives it: ESC [ parameters intermediates final (CSI,
/// mouse reports included), ESC O final (SS3), ESC and one more byte (an Alt-key), ESC alone,
/// and a UTF-8 character of one to four bytes. Nothing here knows what a sequence means.
public enum KeyBytes {
    /// ESC, the byte that may start a sequence.
    public static let escape: UInt8 = 0x1B

    /// What a terminal is asked to show that it has read everything before: DSR 5, "report
    /// status" (ECMA-48 8.3.35). Every terminal from the VT100 on answers it, in order with the
    /// keys it sends, so a key's bytes sent before the answer arrive before it.
    public static let statusQuery: [UInt8] = Array("\u{1B}[5n".utf8)

    /// The answers to `statusQuery`: "ready" and "malfunction".
    public static let statusAnswers: [[UInt8]] = [Array("\u{1B}[0n".utf8), Array("\u{1B}[3n".utf8)]

    /// The most bytes a sequence is held for: past it, one is passed on as it is, malformed.
    public static let longestSequence = 64

    /// How many of `bytes`' first bytes form whole units (keys, sequences, characters): the rest
    /// is the start of one that has not all arrived.
    public static func wholeLength(of bytes: some Collection<UInt8>) -> Int {
        var whole = 0
        for length in unitLengths(bytes) {
            guard let length else { break }
            whole += length
        }
        return whole
    }

    /// The lengths of the units `bytes` divides into, in order; the last is nil when it has not
    /// all arrived.
    public static func unitLengths(_ bytes: some Collection<UInt8>) -> [Int?] {
        let bytes = Array(bytes)
        var lengths: [Int?] = []
        var start = 0
        while start < bytes.count {
            let length = unitLength(bytes, at: start)
            lengths.append(length)
            guard let length else { break }
            start += length
        }
        return lengths
    }

    /// The units `bytes` divides into (`unitLengths`), in order; the last is the start of one
    /// not all arrived when it has not.
    public static func units(_ bytes: [UInt8]) -> [ArraySlice<UInt8>] {
        var units: [ArraySlice<UInt8>] = []
        var start = 0
        for length in unitLengths(bytes) {
            let end = length.map { start + $0 } ?? bytes.count
            units.append(bytes[start..<end])
            start = end
        }
        return units
    }

    /// The length of the unit at `start`, or nil when more bytes are needed to know it.
    static func unitLength(_ bytes: [UInt8], at start: Int) -> Int? {
        let first = bytes[start]
        let left = bytes.count - start
        if first == escape {
            guard left >= 2 else { return nil }
            switch bytes[start + 1] {
            case UInt8(ascii: "["): return controlSequenceLength(bytes, at: start)
            // SS3 and its final byte; ESC O and anything else is Alt-O and a key of its own.
            case UInt8(ascii: "O"): return left >= 3 ? (0x40...0x7E).contains(bytes[start + 2]) ? 3 : 2 : nil
            // ESC ESC: the first is a key of its own.
            case escape: return 1
            default: return 2
            }
        }
        // A character's continuation bytes, as many as its first byte says; one that is not a
        // continuation ends it early (the decoder drops what it cannot decode).
        let needed = utf8Length(lead: first)
        for offset in 1..<max(needed, 1) {
            guard start + offset < bytes.count else { return nil }
            if !(0x80...0xBF).contains(bytes[start + offset]) { return offset }
        }
        return needed
    }

    /// Whether a whole `unit` (one of `unitLengths`) is a control sequence that names a key: CSI
    /// or SS3 with its final byte, not a lone ESC, an Alt-key or malformed bytes, and not a mouse
    /// report (ESC [ M, old; ESC [ <, SGR), which is a key decoder's own to read.
    public static func isKeySequence(_ unit: some Collection<UInt8>) -> Bool {
        let bytes = Array(unit.prefix(3))
        guard bytes.count == 3, bytes[0] == escape else { return false }
        switch bytes[1] {
        case UInt8(ascii: "O"): return true
        case UInt8(ascii: "["): return bytes[2] != UInt8(ascii: "M") && bytes[2] != UInt8(ascii: "<")
        default: return false
        }
    }

    /// ESC [ P… I… F: parameter bytes 0x30–0x3F, intermediate bytes 0x20–0x2F, one final byte
    /// 0x40–0x7E; one longer than `longestSequence` ends there. xterm's old mouse report, ESC [ M and three bytes, carries its data after the
    /// final byte. A byte that fits none ends the sequence before it, as a malformed one.
    private static func controlSequenceLength(_ bytes: [UInt8], at start: Int) -> Int? {
        var index = start + 2
        while index < bytes.count {
            if index - start >= longestSequence { return index - start }
            let byte = bytes[index]
            switch byte {
            case 0x20...0x3F: index += 1
            case 0x40...0x7E:
                if byte == UInt8(ascii: "M"), index == start + 2 {
                    return bytes.count - start >= 6 ? 6 : nil
                }
                return index + 1 - start
            default: return index - start
            }
        }
        return nil
    }

    /// The bytes a UTF-8 character takes, from its first; 1 for a byte that cannot start one (the
    /// decoder drops it on its own).
    private static func utf8Length(lead: UInt8) -> Int {
        switch lead {
        case 0xC2...0xDF: 2
        case 0xE0...0xEF: 3
        case 0xF0...0xF4: 4
        default: 1
        }
    }
}
