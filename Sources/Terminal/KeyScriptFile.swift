/// The notation of `--keys-file`: `--keys`'s notation, laid out on lines.
///
/// A line whose first character is `#` is a comment, for whoever reads the script, except one
/// that starts `#> `: a caption, shown to the room on screen until the next one (`#>` alone
/// takes it away); and one that starts `#? `: a question for the room (`wallet serve`), its
/// choices after ` | `, the right one marked `*` (`#? Which answers first? | Wallet | *Contacts`).
/// Line breaks are only layout: they press nothing (write `<enter>` for
/// Enter), so a long script can be split anywhere between keys. A `#` elsewhere on a line is
/// typed; `<hash>` types one at the start of a line.
extension KeyNotation {
    public static func parse(file text: String) throws(ParseError) -> [KeyScriptStep] {
        var steps: [KeyScriptStep] = []
        // Splitting on Character.isNewline takes \n, \r\n and \r alike.
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            if line.hasPrefix("#>") {
                steps.append(.caption(String(line.dropFirst(2).drop { $0 == " " })))
                continue
            }
            if line.hasPrefix("#?") {
                do {
                    steps.append(try question(String(line.dropFirst(2))))
                } catch {
                    throw ParseError(message: "line \(index + 1): \(error.message)")
                }
                continue
            }
            if line.first == "#" { continue }
            do {
                try parse(line, into: &steps)
            } catch {
                throw ParseError(message: "line \(index + 1): \(error.message)")
            }
        }
        return steps
    }

    /// `question | choice | *right choice`: a question's step.
    static func question(_ text: String) throws(ParseError) -> KeyScriptStep {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingSpaces }
        let example = "write #? QUESTION | CHOICE | *RIGHT CHOICE | CHOICE, from 2 to \(ChoiceLetters.count) choices"
        guard let question = parts.first, !question.isEmpty, (2...ChoiceLetters.count).contains(parts.count - 1) else {
            throw ParseError(message: "a question for the room needs its text and 2 to \(ChoiceLetters.count) choices; \(example)")
        }
        let marked = parts.dropFirst().indices.filter { parts[$0].hasPrefix("*") }.map { $0 - 1 }
        guard marked.count <= 1 else { throw ParseError(message: "a question has one right choice, marked *, not \(marked.count); \(example)") }
        let choices = parts.dropFirst().map { $0.hasPrefix("*") ? String($0.dropFirst()).trimmingSpaces : $0 }
        guard choices.allSatisfy({ !$0.isEmpty }) else { throw ParseError(message: "a choice is empty; \(example)") }
        return .ask(question: question, choices: choices, answer: marked.first)
    }
}

private extension StringProtocol {
    var trimmingSpaces: String { String(drop { $0 == " " }.reversed().drop { $0 == " " }.reversed()) }
}

/// What a script says it needs, on comment lines that start `# needs:`, so that it plays the same
/// whatever options the presenter gives: the terminal's size, whether the inspector is open and
/// stepping on when it starts (a script that presses F2 itself wants it closed), and the
/// storyboard it is written for, beside the script, and the app it drives (`wallet` or
/// `wallet catalog`): played on another, its keys go astray.
///
///     # needs: size 120x30, inspector off, step off, storyboard Abort.storyboard
///     # needs: app catalog
///     # needs: failure-rate 0.5, seed 5
///     # needs: code as-written
public struct ScriptNeeds: Equatable, Sendable {
    public var size: Size?
    public var inspector: Bool?
    public var step: Bool?
    /// A storyboard file's path, relative to the script's folder.
    public var storyboard: String?
    /// The app whose screens the keys are for.
    public var app: App?
    /// The wallet's simulated network, for a script that shows a failure: `failure-rate P`,
    /// `seed N` (`--failure-rate`, `--seed`).
    public var failureRate: Double?
    public var seed: UInt64?
    /// The wallet's code as the sample wrote it in 2019 (`code as-written`, `--as-written`), for a
    /// script that shows the stale balance.
    public var asWritten: Bool?

    /// The apps a script can be written for: the command that runs each.
    public enum App: String, Equatable, Sendable {
        case wallet, catalog

        /// The command line that plays a script on it, for messages.
        public var command: String { self == .wallet ? "wallet" : "wallet catalog" }
    }

    public init(size: Size? = nil, inspector: Bool? = nil, step: Bool? = nil, storyboard: String? = nil, app: App? = nil) {
        self.size = size
        self.inspector = inspector
        self.step = step
        self.storyboard = storyboard
        self.app = app
    }

    static let prefix = "# needs:"

    /// The needs of a script file's `# needs:` lines; a need it does not know is an error, with
    /// its line, so that a typo is not a need silently dropped.
    public static func parse(file text: String) throws(KeyNotation.ParseError) -> ScriptNeeds {
        var needs = ScriptNeeds()
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated()
        where line.hasPrefix(prefix) {
            for item in line.dropFirst(prefix.count).split(separator: ",") {
                let words = item.split(separator: " ").map(String.init)
                func fail() -> KeyNotation.ParseError {
                    KeyNotation.ParseError(message: "line \(index + 1): \"\(item.split(separator: " ").joined(separator: " "))\" is not a need a script "
                        + "can say; write size WxH, inspector on|off, step on|off, storyboard FILE, app wallet|catalog, failure-rate P, seed N or code as-written")
                }
                guard words.count == 2 else { throw fail() }
                switch (words[0], words[1]) {
                case ("size", let size):
                    guard let parsed = KeyNotation.size(size) else { throw fail() }
                    needs.size = parsed
                case ("inspector", "on"), ("inspector", "off"): needs.inspector = words[1] == "on"
                case ("step", "on"), ("step", "off"): needs.step = words[1] == "on"
                case ("storyboard", let file): needs.storyboard = file
                case ("app", let app):
                    guard let parsed = App(rawValue: app) else { throw fail() }
                    needs.app = parsed
                case ("failure-rate", let rate):
                    guard let parsed = Double(rate), (0...1).contains(parsed) else { throw fail() }
                    needs.failureRate = parsed
                case ("seed", let seed):
                    guard let parsed = UInt64(seed) else { throw fail() }
                    needs.seed = parsed
                case ("code", "as-written"): needs.asWritten = true
                default: throw fail()
                }
            }
        }
        return needs
    }
}
