import Terminal
import Views

/// One line of the inspector before layout: a prefix (tree branches or indentation), text, and
/// what the text means, which the renderer turns into a style. A line longer than the panel
/// wraps, its next rows starting with `continuation`.
public struct InspectorLine: Hashable, Sendable {
    public enum Role: Hashable, Sendable {
        case plain
        /// A section's subject: the unwind's action, the segue's identifier.
        case heading
        /// A controller that answered yes, the destination.
        case yes
        /// An abort, a refusal, a programming error.
        case problem
        /// The step about to run, or the controller it is about, while stepping.
        case highlight
        /// Something said in passing: nothing recorded yet.
        case note
    }

    public var prefix: String
    public var text: String
    public var role: Role
    public var continuation: String

    public init(_ text: String, prefix: String = "", role: Role = .plain, continuation: String? = nil) {
        self.prefix = prefix
        self.text = text
        self.role = role
        self.continuation = continuation ?? String(repeating: " ", count: prefix.terminalWidth + 2)
    }

    /// The line as rows of at most `width` columns: words move to the next row, a word longer
    /// than a row is cut; every row keeps its prefix, however narrow the panel. A quoted title
    /// (`"Page 2"`) moves whole, and a marker at the end (`‹ asking`) moves with the word before
    /// it, so that neither is split nor left alone on a row, unless a row cannot hold them.
    public func rows(width: Int) -> [(prefix: String, text: String)] {
        guard width > 0 else { return [] }
        var rows: [(prefix: String, text: String)] = []
        var prefix = prefix.terminalWidth < width ? prefix : ""
        var room: Int { max(1, width - prefix.terminalWidth) }
        var line = ""
        func flush() {
            rows.append((prefix, line))
            prefix = continuation.terminalWidth < width ? continuation : ""
            line = ""
        }
        // A line that wraps keeps its marker beside the controller it names, on its first row:
        // at the end it would land beside the last name of a parenthesis ("asked by
        // WalletViewController "Wallet") ‹ no"), and the room would read it as that one's.
        let fits = prefix.terminalWidth + text.terminalWidth <= width
        for word in Self.units(of: text, markerAfterName: !fits).flatMap({ unit in
            // A unit wider than a row breaks into its words after all, the marker still with
            // the word before it.
            unit.terminalWidth <= room ? [unit] : Self.words(of: unit)
        }) {
            let candidate = line.isEmpty ? word : line + " " + word
            if candidate.terminalWidth <= room {
                line = candidate
                continue
            }
            if !line.isEmpty { flush() }
            var rest = word
            while rest.terminalWidth > room {
                var head = "", used = 0
                for character in rest {
                    if used + character.terminalWidth > room { break }
                    head.append(character)
                    used += character.terminalWidth
                }
                // A character wider than the row is dropped rather than looping on it.
                if head.isEmpty { head = String(rest.first!) }
                // A marker's sign never starts a row: the cut moves back into the name before it.
                if rest.dropFirst(head.count).drop(while: { $0 == " " }).first == "\u{2039}", head.count > 2 { head.removeLast(2) }
                line = head
                rest = String(rest.dropFirst(head.count))
                flush()
            }
            line = rest
        }
        if !line.isEmpty || rows.isEmpty { flush() }
        return rows
    }

    /// The text's words, a quoted title kept as one and a trailing marker joined to the word
    /// before it, or with `markerAfterName` to the controller's name (its class and quoted
    /// title) at the start.
    static func units(of text: String, markerAfterName: Bool = false) -> [String] {
        var body = Substring(text)
        var marker: Substring?
        if let index = text.firstIndex(of: "\u{2039}"), index > text.startIndex, text[text.index(before: index)] == " " {
            body = text[..<text.index(before: index)]
            marker = text[index...]
        }
        var units: [String] = []
        var current = ""
        var quoted = false
        for character in body {
            if character == " ", !quoted {
                if !current.isEmpty { units.append(current) }
                current = ""
                continue
            }
            if character == "\"" { quoted.toggle() }
            current.append(character)
        }
        if !current.isEmpty { units.append(current) }
        if let marker {
            if units.isEmpty {
                units.append(String(marker))
            } else if markerAfterName {
                // The tree writes a presented controller "presents NavigationController …".
                let start = units.count > 1 && units[0] == "presents" ? 1 : 0
                let name = units.count > start + 1 && units[start + 1].hasPrefix("\"") ? start + 1 : start
                units[name] += " " + marker
            } else {
                units[units.count - 1] += " " + marker
            }
        }
        return units
    }

    /// A unit's words, a marker's sign and first word (`‹ selected`) kept with the word before
    /// it; the marker's other words (`tab, asking`) go where they fit, as any words do.
    static func words(of unit: String) -> [String] {
        var words: [String] = []
        var joinsNext = false
        for word in unit.split(separator: " ").map(String.init) {
            if word == "\u{2039}", !words.isEmpty {
                words[words.count - 1] += " " + word
                joinsNext = true
            } else if joinsNext {
                words[words.count - 1] += " " + word
                joinsNext = false
            } else {
                words.append(word)
            }
        }
        return words
    }
}
