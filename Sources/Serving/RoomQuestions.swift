import NIOCore
import SessionProtocol
import Terminal

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The questions the presenter puts to the room (issue 35), kept by the `Room` on the server's
/// event loop: the open question, each person's answer (their last: an answer changed replaces
/// the one before, so each person counts once, across reconnects: `Room.person(for:)`), the
/// tally the presenter's app is told (once per turn of the event loop however many answers came
/// in it), and what the results file (`--results`) keeps. Only the presenter's session asks,
/// closes the voting and reveals; every other session answers; what a session's app says out of
/// turn (an answer to another question, a choice that is not one, an answer after the voting
/// closed) is ignored.
///
/// A person changes their answer at most `maximumChanges` times a question (issue 43: a key
/// held down changed it 900 times a second, a line of the results file each): past that their
/// answer stands, and their app is told so. The same answer again is no change, and is not kept.
struct RoomQuestions {
    /// Who answers: the room's number for a person (`Room.person(for:)`), never reused, so that
    /// no answer is taken for a later session's.
    typealias Person = Int

    /// The changes of answer a session may make to one question, after its first answer: room
    /// to think again, and to correct a slip, several times over.
    static let maximumChanges = 10

    struct Question {
        let number: Int
        let text: String
        let choices: [String]
        let asked: NIODeadline
        /// Each person's answer.
        var answers: [Person: Int] = [:]
        /// How many times each person changed their answer.
        var changes: [Person: Int] = [:]
        /// The voting closed: the presenter's search began (issue 47: a watcher changed c to b
        /// while the projector showed the search, and was counted right).
        var isLocked = false
    }

    /// What became of an answer.
    enum Outcome: Equatable {
        /// Not to the open question, or not one of its choices: ignored.
        case ignored
        /// The session's answer already: nothing to keep.
        case unchanged
        /// Kept: the session's first answer, or a change of it.
        case recorded(changed: Bool)
        /// A change past `maximumChanges`: the person's answer stays `standing`.
        case refused(standing: Int)
        /// The voting has closed: the person's answer stays `standing` (nil: none).
        case locked(standing: Int?)
    }

    private(set) var open: Question?
    private var lastNumber = 0

    /// A new question: the one before, if still open, is closed unrevealed.
    mutating func ask(_ text: String, choices: [String], at now: NIODeadline) -> Question {
        lastNumber += 1
        let question = Question(number: lastNumber, text: text, choices: choices, asked: now)
        open = question
        return question
    }

    /// Records `session`'s answer, when it is one to the open question, and a change within the bound.
    mutating func answer(_ choice: Int, to poll: Int, from session: Person) -> Outcome {
        guard var question = open, question.number == poll, question.choices.indices.contains(choice) else { return .ignored }
        if question.isLocked { return question.answers[session] == choice ? .unchanged : .locked(standing: question.answers[session]) }
        guard let before = question.answers[session] else {
            question.answers[session] = choice
            open = question
            return .recorded(changed: false)
        }
        if before == choice { return .unchanged }
        let changes = question.changes[session, default: 0]
        guard changes < Self.maximumChanges else { return .refused(standing: before) }
        question.changes[session] = changes + 1
        question.answers[session] = choice
        open = question
        return .recorded(changed: true)
    }

    /// Closes the voting on the open question `poll`; false when it was closed already, or is
    /// not the open one.
    mutating func lock(_ poll: Int) -> Bool {
        guard open?.number == poll, open?.isLocked == false else { return false }
        open?.isLocked = true
        return true
    }

    /// Ends the open question, revealed or taken back.
    mutating func close() -> Question? {
        defer { open = nil }
        return open
    }

    /// How many chose each choice, and how many of `people` (those here) have not answered.
    static func tally(_ question: Question, people: some Collection<Person>) -> (counts: [Int], waiting: Int) {
        var counts = Array(repeating: 0, count: question.choices.count)
        for choice in question.answers.values { counts[choice] += 1 }
        return (counts, Set(people).filter { question.answers[$0] == nil }.count)
    }
}

/// `wallet serve --results FILE`: every question, answer and reveal, a JSON object a line,
/// appended as it happens (JSON Lines), so that a workshop's answers outlive the server. A
/// person is named by a number the room gives them, never by their user or address. Every line
/// starts with its time (ISO 8601, UTC, milliseconds) and the run's id: a file that several runs
/// of the server appended to (a restart numbers polls and people from 1 again) reads apart
/// (`wallet results FILE`).
public final class ResultsFile {
    // Written on the server's one event loop only.
    private var descriptor: Int32?
    let path: String
    /// This run of the server: eight hexadecimal digits, random.
    let run: String = {
        let digits = String(UInt32.random(in: .min ... .max), radix: 16)
        return String(repeating: "0", count: 8 - digits.count) + digits
    }()

    /// Opens `path` to append to; nil and the reason when it cannot.
    public static func open(_ path: String) -> Result<ResultsFile, ResultsFailure> {
        let descriptor = systemOpen(path, O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return .failure(ResultsFailure(description: "--results \(path): \(String(cString: strerror(errno)))")) }
        return .success(ResultsFile(descriptor: descriptor, path: path))
    }

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { if let descriptor { close(descriptor) } }

    /// Writes one object, its fields in this order; stops for good when the file cannot be
    /// written (the disk full), saying so once through `failed`.
    func write(_ fields: [(String, JSONValue)], failed: (String) -> Void) {
        guard let descriptor else { return }
        let fields = [("time", JSONValue.string(Self.now())), ("run", .string(run))] + fields
        let line = "{" + fields.map { "\(JSONValue.string($0.0).text):\($0.1.text)" }.joined(separator: ",") + "}\n"
        guard writeWhole(Array(line.utf8), to: descriptor) else {
            failed("cannot write the results to \(path): \(String(cString: strerror(errno))); the workshop goes on without them")
            close(descriptor)
            self.descriptor = nil
            return
        }
    }
}

extension ResultsFile {
    /// Now, as `2026-12-07T18:37:52.123Z`.
    static func now() -> String {
        var time = timespec()
        clock_gettime(CLOCK_REALTIME, &time)
        var seconds = time.tv_sec
        var parts = tm()
        gmtime_r(&seconds, &parts)
        func padded(_ number: Int32, _ width: Int) -> String {
            let digits = String(number)
            return String(repeating: "0", count: max(0, width - digits.count)) + digits
        }
        return "\(padded(parts.tm_year + 1900, 4))-\(padded(parts.tm_mon + 1, 2))-\(padded(parts.tm_mday, 2))T"
            + "\(padded(parts.tm_hour, 2)):\(padded(parts.tm_min, 2)):\(padded(parts.tm_sec, 2)).\(padded(Int32(time.tv_nsec / 1_000_000), 3))Z"
    }
}

public struct ResultsFailure: Error, CustomStringConvertible {
    public let description: String
}

/// The few JSON values the results file writes.
enum JSONValue {
    case string(String), int(Int), double(Double), null
    case strings([String])
    case counts([(String, Int)])

    var text: String {
        switch self {
        case .string(let text): return Self.quoted(text)
        case .int(let number): return "\(number)"
        case .double(let number): return String(format3(number))
        case .null: return "null"
        case .strings(let texts): return "[" + texts.map(Self.quoted).joined(separator: ",") + "]"
        case .counts(let pairs): return "{" + pairs.map { "\(Self.quoted($0.0)):\($0.1)" }.joined(separator: ",") + "}"
        }
    }

    static func quoted(_ text: String) -> String { JSONString.quoted(text) }

    /// Seconds with three decimals.
    private func format3(_ number: Double) -> String {
        let thousandths = Int((number * 1000).rounded())
        let fraction = String(abs(thousandths) % 1000)
        return "\(thousandths / 1000).\(String(repeating: "0", count: 3 - fraction.count))\(fraction)"
    }
}

private func systemOpen(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 { open(path, flags, mode) }
/// Writes all of `bytes` to `descriptor`, as many writes as it takes; false at the first that
/// fails (errno says why). The results file's lines and the log's.
func writeWhole(_ bytes: [UInt8], to descriptor: Int32) -> Bool {
    var offset = 0
    while offset < bytes.count {
        let written = bytes[offset...].withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
        if written < 0, errno == EINTR { continue }
        guard written > 0 else { return false }
        offset += written
    }
    return true
}

extension Room {
    /// A session's apps read the room from `channel` from now on: one that joins while a
    /// question is open is asked it.
    func roomStarted(_ session: SessionHandler, channel: Channel) {
        eventLoop.preconditionInEventLoop()
        guard sessions[ObjectIdentifier(session)] != nil else { return channel.close(promise: nil) }
        roomChannels[ObjectIdentifier(session)] = channel
        sessionLaunched(session)
        // One more who has not answered.
        scheduleTally()
    }

    /// A session started another process (its menu, what the menu chose), or joined: it is
    /// told the open question again, with its answer so far. The question is the room's, not the
    /// presenter's app's (issue 47): the presenter's new app, after a relaunch or a reconnect, is
    /// told it too, and then its tally, so that it shows it and can close it.
    func sessionLaunched(_ session: SessionHandler) {
        guard let question = questions.open else { return }
        let answered = session === presenter ? nil : people[ObjectIdentifier(session)].flatMap { question.answers[$0] }
        say(.question(poll: question.number, question: question.text, choices: question.choices, answered: answered), to: session)
        if question.isLocked { say(.locked(poll: question.number), to: session) }
        if session === presenter { scheduleTally() }
    }

    /// What a session's app said.
    func heard(_ message: RoomMessage, from session: SessionHandler) {
        eventLoop.preconditionInEventLoop()
        let id = ObjectIdentifier(session)
        guard sessions[id] != nil, let person = people[id] else { return }
        switch message {
        case .ask(let text, let choices) where session === presenter:
            if questions.open != nil { reveal(nil, by: "a new question") }
            let question = questions.ask(text, choices: choices, at: .now())
            log.info("question", metadata: ["poll": "\(question.number)", "choices": "\(choices.count)"])
            record([("event", .string("ask")), ("poll", .int(question.number)), ("question", .string(text)), ("choices", .strings(choices)),
                    ("people", .int(Set(answerers).count))])
            sayToAnswerers(.question(poll: question.number, question: text, choices: choices, answered: nil))
            scheduleTally()
        case .reveal(let answer) where session === presenter:
            reveal(answer, by: "the presenter")
        case .dismiss where session === presenter:
            // The followers see the projector: its answer panel closed, theirs closes.
            guard let poll = lastRevealed else { return }
            lastRevealed = nil
            let line = ByteBuffer(bytes: RoomMessage.dismissed(poll: poll).line)
            for (id, channel) in roomChannels where isFollower(id) { channel.writeAndFlush(line, promise: nil) }
        case .lock where session === presenter:
            guard let question = questions.open, questions.lock(question.number) else { return }
            let (counts, waiting) = RoomQuestions.tally(question, people: answerers)
            record([("event", .string("locked")), ("poll", .int(question.number)), ("answered", .int(question.answers.count)),
                    ("waiting", .int(waiting)), ("tally", .counts(counts.indices.map { (String(RoomMessage.letter($0)), counts[$0]) })),
                    ("seconds", .double(seconds(since: question.asked)))])
            sayToAnswerers(.locked(poll: question.number))
        case .answer(let poll, let choice) where session !== presenter:
            switch questions.answer(choice, to: poll, from: person) {
            case .ignored, .unchanged:
                return
            case .refused(let standing):
                // Its app shows the answer that counts.
                guard let question = questions.open else { return }
                say(.question(poll: question.number, question: question.text, choices: question.choices, answered: standing), to: session)
            case .locked(let standing):
                // Its app shows the answer that counts, and that the voting has closed.
                guard let question = questions.open else { return }
                say(.question(poll: question.number, question: question.text, choices: question.choices, answered: standing), to: session)
                say(.locked(poll: question.number), to: session)
            case .recorded(let changed):
                guard let question = questions.open else { return }
                record([("event", .string("answer")), ("poll", .int(poll)), ("person", .int(person)), ("role", .string(Self.role(of: session))),
                        ("choice", .string(String(RoomMessage.letter(choice)))), ("changed", changed ? .string("yes") : .string("no")),
                        ("seconds", .double(seconds(since: question.asked)))])
                scheduleTally()
            }
        case .exerciseDone(let exercise) where session !== presenter:
            guard exercisesDone[person, default: []].insert(exercise).inserted else { return }
            record([("event", .string("exercise")), ("exercise", .int(exercise)), ("person", .int(person)), ("role", .string(Self.role(of: session)))])
            scheduleExercises()
        case .exerciseTried(let exercise) where session !== presenter:
            // Tries after it was done are no tries before success; past `maximumTries` an app
            // that sends them without end writes nothing more.
            guard exercisesDone[person]?.contains(exercise) != true, exerciseTries[person, default: [:]][exercise, default: 0] < Self.maximumTries
            else { return }
            exerciseTries[person, default: [:]][exercise, default: 0] += 1
            record([("event", .string("attempt")), ("exercise", .int(exercise)), ("person", .int(person)), ("role", .string(Self.role(of: session)))])
        default:
            break
        }
    }

    /// The wrong tries of one exercise the results keep for a person: more than anyone makes,
    /// few enough that an app sending them in a loop fills no disk.
    static let maximumTries = 50

    /// The people a question is put to, here now: those of every session but the presenter's.
    private var answerers: [RoomQuestions.Person] { answering.compactMap { people[$0] } }

    /// Every session but the presenter's.
    private var answering: [ObjectIdentifier] { sessions.keys.filter { sessions[$0] !== presenter } }

    /// What a session is in the results: an attendee, or a watcher (`ssh watch@HOST`).
    static func role(of session: SessionHandler) -> String {
        switch session.role {
        case .presenter: "presenter"
        case .follower: "watcher"
        case .attendee: "attendee"
        }
    }

    /// Closes the open question: revealed with `answer`, or taken back (nil) `by` whom.
    private func reveal(_ answer: Int?, by whom: String) {
        guard let question = questions.close() else { return }
        let valid = answer.flatMap { question.choices.indices.contains($0) ? $0 : nil }
        let (counts, waiting) = RoomQuestions.tally(question, people: answerers)
        record([("event", .string(valid == nil ? "taken back" : "reveal")), ("poll", .int(question.number)),
                ("answer", valid.map { .string(String(RoomMessage.letter($0))) } ?? .null)]
               + (valid == nil ? [("by", .string(whom))] : [])
               + [("tally", .counts(counts.indices.map { (String(RoomMessage.letter($0)), counts[$0]) })),
                  ("answered", .int(question.answers.count)), ("waiting", .int(waiting)), ("seconds", .double(seconds(since: question.asked)))])
        log.info("revealed", metadata: ["poll": "\(question.number)", "answered": "\(question.answers.count)", "waiting": "\(waiting)"])
        sayToAnswerers(.revealed(poll: question.number, answer: valid))
        lastRevealed = question.number
        // The presenter's last tally, exactly the one the results keep, when the presenter's app
        // closed it: an app asking anew must not take the last question's tally for its own.
        if let presenter, whom == "the presenter" { say(.tally(poll: question.number, counts: counts, waiting: waiting), to: presenter) }
    }

    /// The presenter is told the tally at the end of this turn of the event loop: a room of
    /// answers that come together costs one line.
    func scheduleTally() {
        guard !tallyScheduled, questions.open != nil else { return }
        tallyScheduled = true
        atEndOfTurn(Room.sendTally)
    }

    private func sendTally() {
        tallyScheduled = false
        guard let question = questions.open, let presenter else { return }
        let (counts, waiting) = RoomQuestions.tally(question, people: answerers)
        say(.tally(poll: question.number, counts: counts, waiting: waiting), to: presenter)
    }

    /// How many sessions have done each served exercise, for the presenter's screen.
    func scheduleExercises() {
        guard !exercisesScheduled, !exercisesDone.isEmpty else { return }
        exercisesScheduled = true
        atEndOfTurn(Room.sendExercises)
    }

    private func sendExercises() {
        exercisesScheduled = false
        guard let presenter else { return }
        // Attendees only: a follower has no exercises to do.
        let present = Set(answering.filter { !isFollower($0) }.compactMap { people[$0] })
        let highest = present.compactMap { exercisesDone[$0]?.max() }.max() ?? 0
        guard highest > 0 else { return }
        let done = (1...highest).map { exercise in present.filter { exercisesDone[$0]?.contains(exercise) == true }.count }
        say(.exercises(done: done, sessions: present.count), to: presenter)
    }

    private func say(_ message: RoomMessage, to session: SessionHandler) {
        guard let channel = roomChannels[ObjectIdentifier(session)] else { return }
        channel.writeAndFlush(ByteBuffer(bytes: message.line), promise: nil)
    }

    /// `message` to every session but the presenter's, its line made once.
    private func sayToAnswerers(_ message: RoomMessage) {
        let line = ByteBuffer(bytes: message.line)
        for (id, channel) in roomChannels where sessions[id] !== presenter { channel.writeAndFlush(line, promise: nil) }
    }

    /// The run's first line in the results file.
    func recordStart() {
        record([("event", .string("start"))])
    }

    /// The workshop ends (SIGTERM): a question still open closes, taken back by the end, and a
    /// last line says the run ended, so that nothing is left open in the file.
    func recordEnd() {
        reveal(nil, by: "the workshop's end")
        record([("event", .string("end")), ("people", .int(lastPerson))])
    }

    private func record(_ fields: [(String, JSONValue)]) {
        results?.write(fields) { [log] in log.error("\($0)") }
    }

    private func seconds(since start: NIODeadline) -> Double {
        Double((NIODeadline.now() - start).nanoseconds) / 1e9
    }
}
