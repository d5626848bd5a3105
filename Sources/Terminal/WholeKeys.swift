/// What a terminal backend decides about the bytes it reads, with no terminal in it (issue 21):
/// which go on to the key decoder now, as whole keys, which are held as the start of a key not
/// all arrived, when the terminal is asked for its status, and when what is held goes on all the
/// same. `CursesTerminal`'s `TerminalInput` feeds it what it reads and does what it says; tests
/// feed it bytes and instants.
///
/// What ends in the start of a sequence (a lone ESC is one) is held `patience`, as long as
/// ncurses' own wait (`ESCDELAY` sets it, as it sets ncurses'), and the terminal is asked for its status (`KeyBytes.statusQuery`). Its
/// answer comes after every byte it sent before the question reached it, so a terminal that has
/// answered before is waited for until it answers (`answerPatience`, a slow link's round trip):
/// the rest of a key split on that link still joins it, however late. One that lets that pass
/// is taken for silent again. The answer never shortens the hold: a terminal that answers for
/// itself (tmux, mosh's server) answers at once, before the rest of a key that its sender wrote
/// in two pieces. Answers are taken out of the input, never keys.
public struct WholeKeys {
    /// How long a sequence's start is held at least, and at most when the terminal is not known
    /// to answer: ncurses' own wait. The rest of a key split by its sender a few milliseconds
    /// apart (tmux `send-keys` twice: 12 ms for a 10 ms pause) still joins it.
    public static let patience: Duration = .milliseconds(25)
    /// How long it is held for the answer of a terminal that has answered before.
    public static let answerPatience: Duration = .milliseconds(250)

    /// This terminal's patience: `patience`, or what `ESCDELAY` says (milliseconds, as ncurses
    /// reads it: a user on a slow link, or a test on a busy machine, sets it longer).
    public let heldPatience: Duration
    /// The answer's: `answerPatience`, and never less than `heldPatience`.
    public var heldAnswerPatience: Duration { max(Self.answerPatience, heldPatience) }

    /// The start of a sequence, not yet whole, and since when.
    private var held: [UInt8] = []
    private var heldSince: ContinuousClock.Instant?
    /// The start of an answer that came after what is held, until its rest comes.
    private var answerStart: [UInt8] = []
    /// Questions asked and answers taken out, counted; the question asked about what is held.
    private var asked = 0, answered = 0
    private var heldQuestion: Int?
    /// Whether the terminal answers: it did last time it was asked in time.
    public private(set) var answers = false
    /// The kitty keyboard protocol's flags the terminal reported (`KittyKeyboard.query`); nil
    /// until it answers, and from a terminal that does not speak the protocol.
    public private(set) var kittyFlags: Int?

    public init(patience: Duration = Self.patience) {
        heldPatience = patience
    }

    /// The patience `ESCDELAY` asks for, in milliseconds from 1 to 10 000 as ncurses takes it;
    /// `patience` when it says nothing usable.
    public static func patience(escapeDelay: String?) -> Duration {
        guard let escapeDelay, let milliseconds = Int(escapeDelay), (1...10_000).contains(milliseconds) else { return patience }
        return .milliseconds(milliseconds)
    }

    /// What `take` says to do: pass `whole` on, and ask the terminal for its status when `ask`.
    public struct Step: Equatable {
        public var whole: [UInt8]
        public var ask: Bool

        public init(whole: [UInt8], ask: Bool) {
            self.whole = whole
            self.ask = ask
        }
    }

    /// Whether a question is still unanswered.
    public var awaitsAnswer: Bool { answered < asked }

    /// When what is held goes on: `patience` after it came once the terminal has answered the
    /// question about it, or when it is not known to answer; `answerPatience` after it came from
    /// a terminal that answers, until it does; nil when nothing is held.
    public var heldUntil: ContinuousClock.Instant? {
        guard let heldSince else { return nil }
        let isAnswered = heldQuestion.map { answered >= $0 } ?? false
        return heldSince + (answers && !isAnswered ? heldAnswerPatience : heldPatience)
    }

    /// The bytes read at `now`, after what is held: answers are taken out, whole units go on,
    /// and the start of one that is not whole yet is held. Answers are taken out wherever they
    /// begin, before the bytes are divided: a terminal that answers for itself may answer between
    /// two pieces of a key its sender split, and the answer's ESC must not end the held start as
    /// a malformed sequence. The start of an answer after a held start is set aside until the
    /// rest of the answer comes. Taking one out may leave a held start (ESC, then an answer),
    /// which stays held its `patience`.
    public mutating func take(_ bytes: some Collection<UInt8>, at now: ContinuousClock.Instant) -> Step {
        var kept: [UInt8] = []
        let input = held + answerStart + bytes
        answerStart.removeAll()
        var index = 0
        while index < input.count {
            // Taken out whether or not this process asked: a keyboard never sends one, and one may
            // be on its way to the next program on the terminal (the menu's choice).
            if input[index] == KeyBytes.escape, let answer = KeyBytes.statusAnswers.first(where: { input[index...].starts(with: $0) }) {
                answered = min(answered + 1, asked)
                answers = true
                index += answer.count
            } else if input[index] == KeyBytes.escape, let answer = KittyKeyboard.answer(at: input[index...]) {
                kittyFlags = answer.flags
                index += answer.length
            } else {
                kept.append(input[index])
                index += 1
            }
        }
        // An answer begun after the start of a key: the key's start stays held apart from it.
        if awaitsAnswer, let escape = kept.lastIndex(of: KeyBytes.escape), escape > 0, Self.isAnswerStart(kept[escape...]),
           KeyBytes.wholeLength(of: kept[..<escape]) < escape {
            answerStart = Array(kept[escape...])
            kept.removeSubrange(escape...)
        }
        let whole = KeyBytes.wholeLength(of: kept)
        let startedBefore = held.isEmpty ? nil : heldSince
        held = Array(kept[whole...])
        var ask = false
        if held.isEmpty {
            heldSince = nil
            heldQuestion = nil
        } else if startedBefore == nil || whole > 0 {
            // A new start of a sequence: ask about it, unless it is more than the ESC of an answer
            // still awaited, whose rest is on its way: asking about it would ask about every answer
            // that a link cuts in two, for ever. A lone ESC is always asked about.
            heldSince = now
            heldQuestion = nil
            if !(awaitsAnswer && held.count > 1 && Self.isAnswerStart(held)) {
                asked += 1
                heldQuestion = asked
                ask = true
            }
        }
        return Step(whole: Array(kept[..<whole]), ask: ask)
    }

    /// Whether `bytes` begin an answer and are not all of it.
    static func isAnswerStart(_ bytes: some Collection<UInt8>) -> Bool {
        KeyBytes.statusAnswers.contains { $0.count > bytes.count && $0.starts(with: bytes) } || KittyKeyboard.isAnswerStart(bytes)
    }

    /// The terminal was asked for its status without a key held (at start, after the kitty
    /// keyboard protocol's question): its answer is counted as one.
    public mutating func noteQuestion() {
        asked += 1
    }

    /// What is held, once it is due at `now` (`heldUntil`); nothing before.
    public mutating func releaseIfDue(at now: ContinuousClock.Instant) -> [UInt8] {
        guard let heldUntil, now >= heldUntil else { return [] }
        // Held its whole patience unanswered: this terminal is taken not to answer, until it does.
        if let heldQuestion, answered < heldQuestion { answers = false }
        let released = held, answer = answerStart
        discard()
        // The start of an answer set aside is held in turn, its rest still on its way; if that
        // never comes, it was typed after all and goes when due.
        if !answer.isEmpty {
            held = answer
            heldSince = now
        }
        return released
    }

    /// Forgets what is held: what the user typed while the app was stopped went to the shell.
    public mutating func discard() {
        held.removeAll()
        answerStart.removeAll()
        heldSince = nil
        heldQuestion = nil
    }
}
