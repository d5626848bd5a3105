/// JSON's string literal, as the trace (`--trace FILE` in JSON Lines) and the room's results
/// (`wallet serve --results`) write it.
public enum JSONString {
    /// A string literal: `"` and `\` escaped, every control character (U+0000 to U+001F) as
    /// `\n`, `\t`… or `\u00XX`, as RFC 8259 requires; U+2028 and U+2029 as `\u2028`, `\u2029`, so
    /// that a line is also a valid JavaScript literal and no tool breaks it in two. Everything
    /// else is written as it is, in UTF-8.
    public static func write(_ text: String, to output: inout String) {
        output += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": output += "\\\""
            case "\\": output += "\\\\"
            case "\n": output += "\\n"
            case "\r": output += "\\r"
            case "\t": output += "\\t"
            case "\u{08}": output += "\\b"
            case "\u{0C}": output += "\\f"
            case _ where scalar.value < 0x20 || scalar.value == 0x2028 || scalar.value == 0x2029:
                let hex = String(scalar.value, radix: 16)
                output += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        output += "\""
    }

    /// `text` as a JSON string literal.
    public static func quoted(_ text: String) -> String {
        var output = ""
        write(text, to: &output)
        return output
    }
}
