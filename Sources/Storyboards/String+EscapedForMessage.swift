extension String {
    /// The text with every character that could disguise a message escaped as Swift writes it
    /// (`\n`, `\u{202E}`): line breaks, C0 and C1 controls and the bidirectional controls. Text
    /// taken from a file goes through this before it appears in a message, so that a file cannot
    /// forge `FILE:LINE: error:` lines or reorder what the terminal shows.
    public var escapedForMessage: String {
        guard unicodeScalars.contains(where: Self.needsEscaping) else { return self }
        var escaped = ""
        for scalar in unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where Self.needsEscaping(scalar):
                escaped += "\\u{\(String(scalar.value, radix: 16, uppercase: true))}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    private static func needsEscaping(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x00...0x1F, 0x7F...0x9F: true                      // C0, DEL and C1 controls
        case 0x061C, 0x200E, 0x200F, 0x202A...0x202E, 0x2066...0x2069: true  // bidi marks, embeddings, overrides, isolates
        case 0x2028, 0x2029: true                                // line and paragraph separators
        default: false
        }
    }
}
