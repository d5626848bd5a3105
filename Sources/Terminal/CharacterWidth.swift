extension Character {
    /// Columns the character takes on a terminal: 0 for combining marks, 2 for East Asian wide and
    /// emoji presentation, 1 otherwise; a control character takes the width of its visible form.
    /// A table of the common ranges rather than the system's `wcwidth`, so that layout does not
    /// depend on the locale the process runs in.
    public var terminalWidth: Int {
        guard let scalar = unicodeScalars.first else { return 0 }
        let value = scalar.value
        if value >= 0x20, value < 0x7F { return 1 }
        if let visible = visibleForm { return visible.count }
        if value < 0x300 { return 1 }
        let category = scalar.properties.generalCategory
        if category == .nonspacingMark || category == .enclosingMark { return 0 }
        if unicodeScalars.count > 1, unicodeScalars.contains(where: { $0.value == 0xFE0F }) { return 2 }
        for range in Self.wideRanges where range.contains(value) { return 2 }
        return 1
    }

    /// How a character that a terminal would act on instead of showing is drawn: C0 controls and
    /// DEL in caret notation (`^J`, `^[`, `^?`), as `cat -v` and less show them; C1 controls,
    /// format characters such as the bidi override U+202E, and the line and paragraph separators
    /// as `<U+202E>`. Text from a file must not move the cursor, clear the screen or reorder what
    /// the terminal shows. Nil for a character that is drawn as itself.
    public var visibleForm: String? {
        let scalars = unicodeScalars
        guard let scalar = scalars.first else { return nil }
        if scalars.count != 1 {
            // Controls stand alone in a grapheme, except CR LF, which is one: compared by scalars,
            // as comparing a Character with a String takes the slow path for every one drawn.
            return scalars.count == 2 && scalar == "\r" && scalars.last == "\n" ? "^M^J" : nil
        }
        let value = scalar.value
        if value < 0x20 { return "^" + String(UnicodeScalar(UInt8(value + 0x40))) }
        if value == 0x7F { return "^?" }
        if value < 0x7F { return nil }
        switch scalar.properties.generalCategory {
        case .control, .lineSeparator, .paragraphSeparator:
            return Self.codePoint(value)
        case .format where value != 0xAD:
            // Format characters are invisible or reorder text; the soft hyphen shows as a hyphen.
            return Self.codePoint(value)
        default:
            return nil
        }
    }

    private static func codePoint(_ value: UInt32) -> String {
        let hex = String(value, radix: 16, uppercase: true)
        return "<U+" + String(repeating: "0", count: max(0, 4 - hex.count)) + hex + ">"
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF,
        0xA000...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60,
        0xFFE0...0xFFE6, 0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x3FFFD,
    ]
}
extension StringProtocol {
    /// Columns the string takes on a terminal. Printable ASCII, most of what an app shows, is
    /// one column a byte, counted without forming characters.
    public var terminalWidth: Int {
        var printableASCII = true
        var bytes = 0
        for byte in utf8 {
            guard byte >= 0x20, byte < 0x7F else { printableASCII = false; break }
            bytes += 1
        }
        return printableASCII ? bytes : terminalWidthByCharacter
    }

    /// Columns the string takes, character by character: what `terminalWidth` gives for any text.
    public var terminalWidthByCharacter: Int { reduce(0) { $0 + $1.terminalWidth } }
}

extension String {
    /// The string cut to at most `width` columns, ending in an ellipsis when it was cut.
    public func truncated(toWidth width: Int, ellipsis: String = "…") -> String {
        guard width > 0 else { return "" }
        if terminalWidth <= width { return self }
        let room = width - ellipsis.terminalWidth
        guard room > 0 else { return String(ellipsis.prefix(width)) }
        var result = "", used = 0
        for character in self {
            let w = character.terminalWidth
            if used + w > room { break }
            result.append(character)
            used += w
        }
        return result + ellipsis
    }
}
