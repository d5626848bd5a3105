import Terminal

/// A line between `wallet-server` and the app of a session about a question put to the room:
/// words parted by tabs, one message a line. The presenter's app asks and reveals; attendees'
/// and followers' apps answer; the server tells each session the question and the reveal, and
/// the presenter the tally. Text is kept to one line of printable characters (a tab or a line
/// end in a title becomes a space), so that no title can split a message or add one.
public enum RoomMessage: Equatable, Sendable {
    /// Presenter → server: put `question` to the room, with lettered `choices`.
    case ask(question: String, choices: [String])
    /// Presenter → server: the answer is the choice `answer` (nil: none is right, or the
    /// question was taken back).
    case reveal(answer: Int?)
    /// Presenter → server: the voting on the open question closes (the search began).
    case lock
    /// Server → attendee or follower: the voting on `poll` has closed; the answer comes.
    case locked(poll: Int)
    /// Attendee or follower → server: this session's answer to `poll`, until the voting closes.
    case answer(poll: Int, choice: Int)
    /// Server → attendee or follower: the open question, with the session's answer so far (a
    /// relaunched app shows where its session stands).
    case question(poll: Int, question: String, choices: [String], answered: Int?)
    /// Server → attendee or follower: the question's answer.
    case revealed(poll: Int, answer: Int?)
    /// Presenter → server: the projector's answer panel closed (its next key).
    case dismiss
    /// Server → follower: the projector's answer panel of `poll` closed; the follower's closes
    /// with it (issue 47: a watcher who pressed nothing kept it for ever).
    case dismissed(poll: Int)
    /// Server → presenter: how many chose each choice, and how many sessions have not answered.
    case tally(poll: Int, counts: [Int], waiting: Int)
    /// Attendee → server: exercise `exercise` (from 1) of the served exercises is done.
    case exerciseDone(exercise: Int)
    /// Attendee → server: exercise `exercise` was tried and not done (a wrong prediction, or a
    /// check that failed), for the results' attempts before success.
    case exerciseTried(exercise: Int)
    /// Server → presenter: how many sessions have done each exercise, of how many there are.
    case exercises(done: [Int], sessions: Int)

    /// The longest line read: longer ones are dropped whole.
    public static let maximumLine = 4096
    /// The most choices a question has: the letters a to z.
    public static let maximumChoices = ChoiceLetters.count
    /// The most characters of a question or a choice.
    public static let maximumText = 300

    /// The letter of choice `index`: `a` for 0.
    public static func letter(_ index: Int) -> Character { ChoiceLetters.letter(index) }

    /// The line that carries the message, its line end included.
    public var line: [UInt8] {
        let words: [String] = switch self {
        case .ask(let question, let choices): ["ask", question] + choices
        case .reveal(let answer): ["reveal", answer.map(String.init) ?? "-"]
        case .lock: ["lock"]
        case .locked(let poll): ["locked", "\(poll)"]
        case .answer(let poll, let choice): ["answer", "\(poll)", "\(choice)"]
        case .question(let poll, let question, let choices, let answered):
            ["question", "\(poll)", answered.map(String.init) ?? "-", question] + choices
        case .revealed(let poll, let answer): ["revealed", "\(poll)", answer.map(String.init) ?? "-"]
        case .dismiss: ["dismiss"]
        case .dismissed(let poll): ["dismissed", "\(poll)"]
        case .tally(let poll, let counts, let waiting): ["tally", "\(poll)", "\(waiting)"] + counts.map(String.init)
        case .exerciseDone(let exercise): ["exercise-done", "\(exercise)"]
        case .exerciseTried(let exercise): ["exercise-tried", "\(exercise)"]
        case .exercises(let done, let sessions): ["exercises", "\(sessions)"] + done.map(String.init)
        }
        return Array(words.map(Self.oneLine).joined(separator: "\t").utf8) + [10]
    }

    /// The message a line (without its end) carries; nil for anything else, or out of bounds.
    public init?(line bytes: some Collection<UInt8>) {
        guard bytes.count <= Self.maximumLine else { return nil }
        let words = String(decoding: bytes, as: UTF8.self).split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
        // What `line` never writes (a control character, which `oneLine` makes a space) is no message.
        guard let kind = words.first, !words.contains(where: Self.hasControl) else { return nil }
        func number(_ index: Int) -> Int? {
            guard words.indices.contains(index), words[index].count <= 9 else { return nil }
            return Int(words[index]).flatMap { $0 >= 0 ? $0 : nil }
        }
        func optional(_ index: Int) -> Int?? { words.indices.contains(index) && words[index] == "-" ? .some(nil) : number(index).map { .some($0) } }
        func choices(from index: Int) -> [String]? {
            let choices = Array(words.dropFirst(index))
            guard (2...Self.maximumChoices).contains(choices.count), choices.allSatisfy({ !$0.isEmpty && $0.count <= Self.maximumText }) else { return nil }
            return choices
        }
        switch kind {
        case "ask":
            guard words.count >= 2, !words[1].isEmpty, words[1].count <= Self.maximumText, let choices = choices(from: 2) else { return nil }
            self = .ask(question: words[1], choices: choices)
        case "reveal":
            guard words.count == 2, let answer = optional(1), answer.map({ $0 < Self.maximumChoices }) ?? true else { return nil }
            self = .reveal(answer: answer)
        case "lock":
            guard words.count == 1 else { return nil }
            self = .lock
        case "dismiss":
            guard words.count == 1 else { return nil }
            self = .dismiss
        case "dismissed":
            guard words.count == 2, let poll = number(1) else { return nil }
            self = .dismissed(poll: poll)
        case "locked":
            guard words.count == 2, let poll = number(1) else { return nil }
            self = .locked(poll: poll)
        case "answer":
            guard words.count == 3, let poll = number(1), let choice = number(2), choice < Self.maximumChoices else { return nil }
            self = .answer(poll: poll, choice: choice)
        case "question":
            guard words.count >= 4, let poll = number(1), let answered = optional(2), !words[3].isEmpty, words[3].count <= Self.maximumText,
                  let choices = choices(from: 4), answered.map({ $0 < choices.count }) ?? true else { return nil }
            self = .question(poll: poll, question: words[3], choices: choices, answered: answered)
        case "revealed":
            guard words.count == 3, let poll = number(1), let answer = optional(2) else { return nil }
            self = .revealed(poll: poll, answer: answer)
        case "tally":
            guard words.count >= 5, words.count - 3 <= Self.maximumChoices, let poll = number(1), let waiting = number(2) else { return nil }
            let counts = (3..<words.count).compactMap(number)
            guard counts.count == words.count - 3 else { return nil }
            self = .tally(poll: poll, counts: counts, waiting: waiting)
        case "exercise-done":
            guard words.count == 2, let exercise = number(1), (1...99).contains(exercise) else { return nil }
            self = .exerciseDone(exercise: exercise)
        case "exercise-tried":
            guard words.count == 2, let exercise = number(1), (1...99).contains(exercise) else { return nil }
            self = .exerciseTried(exercise: exercise)
        case "exercises":
            guard words.count >= 2, words.count <= 101, let sessions = number(1) else { return nil }
            let done = (2..<words.count).compactMap(number)
            guard done.count == words.count - 2 else { return nil }
            self = .exercises(done: done, sessions: sessions)
        default:
            return nil
        }
    }

    /// `text` on one line, of printable characters, at most `maximumText` of them.
    public static func oneLine(_ text: String) -> String {
        String(text.map { isControl($0) ? " " : $0 }.prefix(maximumText))
    }

    /// A line end, a tab, or a character with a control in it (C0 or DEL).
    private static func isControl(_ character: Character) -> Bool {
        character.isNewline || character == "\t" || character.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    private static func hasControl(_ word: String) -> Bool { word.contains(where: isControl) }
}

/// Cuts a stream of bytes into messages, dropping lines that are too long or not messages.
public struct RoomMessageReader: Sendable {
    private var pending: [UInt8] = []
    /// Inside a line too long to keep: skipped to its end.
    private var skipping = false

    public init() {}

    /// The messages `bytes` complete, in order.
    public mutating func read(_ bytes: some Collection<UInt8>) -> [RoomMessage] {
        var messages: [RoomMessage] = []
        for byte in bytes {
            if byte == 10 {
                if !skipping, let message = RoomMessage(line: pending) { messages.append(message) }
                pending.removeAll(keepingCapacity: true)
                skipping = false
            } else if !skipping {
                pending.append(byte)
                if pending.count > RoomMessage.maximumLine {
                    pending.removeAll()
                    skipping = true
                }
            }
        }
        return messages
    }
}
