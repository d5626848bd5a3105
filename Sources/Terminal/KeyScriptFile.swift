/// The notation of `--keys-file`: `--keys`'s notation, laid out on lines.
///
/// A line whose first character is `#` is a comment. Line breaks are only layout: they press
/// nothing (write `<enter>` for Enter), so a long script can be split anywhere between keys.
/// A `#` elsewhere on a line is typed; `<hash>` types one at the start of a line.
extension KeyNotation {
    public static func parse(file text: String) throws(ParseError) -> [KeyScriptStep] {
        try parseForPlaying(file: text).compactMap(\.keyScriptStep)
    }

    /// The steps of a script file as `--play` takes them, pauses included.
    public static func parseForPlaying(file text: String) throws(ParseError) -> [PlayStep] {
        var steps: [PlayStep] = []
        // Splitting on Character.isNewline takes \n, \r\n and \r alike.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if line.first == "#" { continue }
            do {
                try parseForPlaying(line, into: &steps)
            } catch {
                throw ParseError(message: "line \(index + 1): \(error.message)")
            }
        }
        return steps
    }
}
