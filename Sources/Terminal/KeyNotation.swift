/// One step of a key script: a key to press, time to let pass, a pause for the presenter, a
/// new terminal size or a caption. Headless runs and `--play` take the same steps; only a
/// presenter waits at a pause.
public enum KeyScriptStep: Hashable, Sendable {
    case press(Key)
    /// Advance the app's clock by this many seconds.
    case wait(Double)
    /// `<pause>`: `--play` waits for the presenter's Space; a headless run has no presenter and
    /// goes on. Either way it is where a rewind (F4) goes back to.
    case pause
    /// `<resize WxH>`: the terminal takes this size, as when its window is resized. Only an
    /// in-memory terminal (`ResizableTerminal`: `--headless`, tests) can be resized by a script;
    /// `--play` skips it, as a real terminal's size is the user's to choose.
    case resize(Size)
    /// `#> text` in a script file: a caption for the room, on screen until the next one (an
    /// empty one takes it away).
    case caption(String)
    /// `#? question | choice | *right choice | …` in a script file: under `wallet serve`,
    /// `--play` puts the question to the room and pauses; Space reveals the choice marked `*`
    /// (none marked: none is revealed) and goes on. `<ask>` (no choices): the question F7 asks,
    /// of the unwind paused before its search, revealed by the search. Elsewhere it is a pause.
    case ask(question: String, choices: [String], answer: Int?)
}

/// The notation of `--keys`: literal characters, and names in angle brackets for the rest
/// (`<enter>`, `<s-tab>`, `<f1>`, `<c-x>`, `<lt>` for `<`, `<wait 2.5>`, `<pause>`,
/// `<resize 60x20>`).
public enum KeyNotation {
    /// The widest and tallest terminal a script (or `--size`) may ask for.
    public static let maximumSide = 1000
    /// The most steps a script may have, so that a script's work is bounded: a step costs a
    /// frame, about 0.18 ms at 80x24 and 33 ms at 1000x1000 (a release build), so a script runs
    /// for 2 s at 80x24 and 6 minutes at the largest size at most. A presenter's whole demo is a
    /// few hundred steps.
    public static let maximumSteps = 10_000

    static var tooManyStepsMessage: String {
        "more than \(maximumSteps) steps, the most a key script may have; split it into shorter scripts"
    }

    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let message: String
        public var description: String { message }
        public init(message: String) { self.message = message }
    }

    private static let named: [String: Key] = [
        "enter": .enter, "cr": .enter, "return": .enter, "esc": .escape, "escape": .escape,
        "tab": .tab, "s-tab": .backTab, "backtab": .backTab, "bs": .backspace, "backspace": .backspace,
        "del": .delete, "delete": .delete, "up": .up, "down": .down, "left": .left, "right": .right,
        "pgup": .pageUp, "pageup": .pageUp, "pgdn": .pageDown, "pagedown": .pageDown,
        "home": .home, "end": .end, "space": .character(" "), "lt": .character("<"), "gt": .character(">"),
        "hash": .character("#"),
    ]

    /// The steps of a script.
    public static func parse(_ script: String) throws(ParseError) -> [KeyScriptStep] {
        var steps: [KeyScriptStep] = []
        try parse(Substring(script), into: &steps)
        return steps
    }

    /// Appends the steps of `script` to `steps`, refusing a script of more than `maximumSteps`.
    static func parse(_ script: Substring, into steps: inout [KeyScriptStep]) throws(ParseError) {
        var rest = script
        while let first = rest.first {
            guard steps.count < maximumSteps else { throw ParseError(message: tooManyStepsMessage) }
            guard first == "<" else {
                steps.append(.press(.character(first)))
                rest = rest.dropFirst()
                continue
            }
            guard let close = rest.firstIndex(of: ">") else {
                throw ParseError(message: "unclosed '<' in key script at \"\(rest.prefix(12))\": write <lt> for a literal '<'")
            }
            let name = rest[rest.index(after: rest.startIndex)..<close].lowercased()
            steps.append(try step(named: name))
            rest = rest[rest.index(after: close)...]
        }
    }

    private static func step(named name: String) throws(ParseError) -> KeyScriptStep {
        if let key = named[name] { return .press(key) }
        if let click = try click(named: name) { return .press(click) }
        if let release = try release(named: name) { return .press(release) }
        if name == "pause" { return .pause }
        if name == "ask" { return .ask(question: "", choices: [], answer: nil) }
        if name == "resize" || name.hasPrefix("resize ") {
            guard let size = size(name.dropFirst(6).trimmingCharacters(in: " ")) else {
                throw ParseError(message: "<\(name)>: write <resize WxH> with W columns and H rows, each from 1 to \(maximumSide), as in <resize 60x20>")
            }
            return .resize(size)
        }
        if name.hasPrefix("wait") {
            let value = name.dropFirst(4).trimmingCharacters(in: " ")
            guard let seconds = Double(value), seconds >= 0, seconds.isFinite else {
                throw ParseError(message: "<\(name)>: write <wait S> with S a number of seconds, as in <wait 2.5>")
            }
            return .wait(seconds)
        }
        if name.hasPrefix("f"), let number = Int(name.dropFirst()), (1...12).contains(number) {
            return .press(.function(number))
        }
        if name.hasPrefix("c-"), name.count == 3, let letter = name.last, letter.isLetter, letter.isASCII {
            return .press(.control(letter))
        }
        throw ParseError(message: "unknown key <\(name)>: use a character, or one of <enter> <esc> <tab> <s-tab> <up> <down> <left> <right> <pgup> "
            + "<pgdn> <home> <end> <bs> <del> <f1>…<f12> <c-x> <lt> <wait S> <pause> <resize WxH>")
    }

    /// The notation of one key, as `parse` reads it back.
    public static func format(_ key: Key) -> String {
        switch key {
        case .character("<"): return "<lt>"
        case .character(let c): return String(c)
        case .enter: return "<enter>"
        case .escape: return "<esc>"
        case .tab: return "<tab>"
        case .backTab: return "<s-tab>"
        case .backspace: return "<bs>"
        case .delete: return "<del>"
        case .up: return "<up>"
        case .down: return "<down>"
        case .left: return "<left>"
        case .right: return "<right>"
        case .pageUp: return "<pgup>"
        case .pageDown: return "<pgdn>"
        case .home: return "<home>"
        case .end: return "<end>"
        case .function(let n): return "<f\(n)>"
        case .control(let c): return "<c-\(c)>"
        case .resize: return "<resize>"
        case .click(let point): return "<click \(point.x) \(point.y)>"
        case .release(let point): return "<release \(point.x) \(point.y)>"
        }
    }

    /// A size written COLUMNSxROWS (`80x24`, as `<resize>` and `--size` take it): digits only on
    /// both sides of one x, each from 1 to `maximumSide`; nil otherwise.
    public static func size(_ text: some StringProtocol) -> Size? {
        let parts = text.lowercased().split(separator: "x", omittingEmptySubsequences: false)
        let numbers = parts.compactMap { part in part.allSatisfy(\.isASCII) && part.allSatisfy(\.isNumber) ? Int(part) : nil }
        guard parts.count == 2, numbers.count == 2, numbers.allSatisfy({ (1...maximumSide).contains($0) }) else { return nil }
        return Size(width: numbers[0], height: numbers[1])
    }

    /// The notation of one step, as `parse` reads it back.
    public static func format(_ step: KeyScriptStep) -> String {
        switch step {
        case .press(let key): format(key)
        case .wait(let seconds): "<wait \(seconds)>"
        case .resize(let size): "<resize \(size.width)x\(size.height)>"
        case .pause: "<pause>"
        // A caption is a line of a script file of its own.
        case .caption(let text): "\n#> \(text)\n"
        case .ask(_, let choices, _) where choices.isEmpty: "<ask>"
        case .ask(let question, let choices, let answer):
            "\n#? " + ([question] + choices.enumerated().map { ($0.offset == answer ? "*" : "") + $0.element }).joined(separator: " | ") + "\n"
        }
    }

    /// `<release X Y>`: the button let go at column X, row Y: `<click 40 2><release 40 12>` drags
    /// from row 2 to row 12.
    private static func release(named name: String) throws(ParseError) -> Key? {
        guard name == "release" || name.hasPrefix("release ") else { return nil }
        let numbers = name.dropFirst(7).split(separator: " ").map { Int($0) }
        guard numbers.count == 2, let x = numbers[0], let y = numbers[1], x >= 0, y >= 0 else {
            throw ParseError(message: "<\(name)>: write <release X Y> with the column X and the row Y counted from 0 at the top-left, as in "
                + "<click 40 2><release 40 12>, a drag from row 2 to row 12")
        }
        return .release(Point(x: x, y: y))
    }

    /// `<click X Y>`: a click at column X, row Y, both counted from 0 at the top-left.
    private static func click(named name: String) throws(ParseError) -> Key? {
        guard name == "click" || name.hasPrefix("click ") else { return nil }
        let numbers = name.dropFirst(5).split(separator: " ").map { Int($0) }
        guard numbers.count == 2, let x = numbers[0], let y = numbers[1], x >= 0, y >= 0 else {
            throw ParseError(message: "<\(name)>: write <click X Y> with the column X and the row Y counted from 0 at the top-left, as in <click 32 22>")
        }
        return .click(Point(x: x, y: y))
    }
}

private extension Substring {
    func trimmingCharacters(in set: Character) -> Substring {
        var s = self
        while s.first == set { s = s.dropFirst() }
        while s.last == set { s = s.dropLast() }
        return s
    }
}
