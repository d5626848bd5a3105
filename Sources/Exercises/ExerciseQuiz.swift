import App
import Terminal
import Views

/// The exercises as a served session does them (`wallet exercises quiz`, "Exercises" in a
/// `wallet serve` menu): nobody edits a file there, so each exercise asks its prediction
/// question instead, with its goal above it. A letter answers; the answer is revealed at once,
/// with the rule it rests on; a right one is the exercise done (`onDone`, which a served session
/// tells the presenter); Enter or Space goes on to the next; q shows the score, and q or Enter
/// there leaves (Esc does not: it is the command line's). ":" opens a command
/// line where the attendee solves the exercise as `wallet storyboard connect` would, on the
/// session's own copy of its files, and the exercise's check says whether it is solved.
@MainActor
public final class ExerciseQuiz: Responder {
    public let workbook: Workbook
    /// The exercises that ask a question, in order.
    public let exercises: [Exercise]
    public private(set) var index = 0
    /// The answer given to the exercise on screen, once given.
    public private(set) var answer: Int?
    public private(set) var done: Set<String> = []
    public private(set) var wantsToLeave = false
    /// The score shows: after the last exercise, or q; the next Enter or q leaves (issue 47:
    /// finishing went back to the menu with no score).
    public private(set) var showsScore = false
    /// The options being typed on the command line, while it is open.
    public private(set) var commandLine: String?
    /// What the last command said: the refusal, or the lines changed and the check's verdict.
    public private(set) var commandOutput: [String] = []
    /// The session's copy of each exercise's files, edited by the command line.
    private var copies: ExerciseCopies?
    /// An exercise done, predicted right or solved on the command line: its number in the
    /// workbook, from 1.
    public var onDone: (Int) -> Void = { _ in }
    /// An exercise tried and not done: a wrong prediction, or a command whose check failed (its
    /// number, from 1), for the presenter's results (how many tries it takes).
    public var onTried: (Int) -> Void = { _ in }

    /// Where the command line's new ids come from: random, or a seed (tests).
    private let idSeed: UInt64?

    public init(workbook: Workbook, idSeed: UInt64? = nil) {
        self.workbook = workbook
        self.idSeed = idSeed
        exercises = workbook.exercises.filter { $0.question != nil }
        questions = exercises.compactMap { $0.question.map(Self.shown) }
    }

    public var current: Exercise? { exercises.indices.contains(index) ? exercises[index] : nil }

    /// Each exercise's question as shown, in the order of `exercises`.
    private let questions: [Exercise.Question]

    /// The question on screen, its choices in the order shown.
    public var currentQuestion: Exercise.Question? { questions.indices.contains(index) ? questions[index] : nil }

    /// A question as the quiz shows it: its choices in the order every session of a room sees
    /// (`ChoiceLetters.order`, seeded by its text), the right one moved with them (issue 47:
    /// the right answer was "b" six times of eight).
    static func shown(_ question: Exercise.Question) -> Exercise.Question {
        let order = ChoiceLetters.order(count: question.choices.count, seed: question.text)
        return Exercise.Question(text: question.text, choices: order.map { question.choices[$0] },
                                 answer: order.firstIndex(of: question.answer) ?? question.answer)
    }

    // MARK: Keys

    private static let letters = KeyBindings.commands(in: .roomAnswer, priority: true)
    private static let menu = KeyBindings.commands(in: .menu, sending: [.openRow, .quit, .edit])

    public var keyCommands: [KeyCommand] { Self.letters + Self.menu }

    /// The longest command line taken: a scene's and a control's names and an action fit many
    /// times over.
    static let commandLineLimit = 200

    public func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool {
        switch action {
        case .answerRoom:
            guard !showsScore, answer == nil, let question = currentQuestion, case .character(let letter) = sender, let value = letter.asciiValue else { return false }
            return Int(value) - 97 < question.choices.count
        case .openRow: return answer != nil || showsScore
        case .edit: return !showsScore && (current.map { ExerciseCopies.canSolve($0, in: workbook) } ?? false)
        case .quit: return true
        default: return false
        }
    }

    public func perform(_ action: KeyAction, withSender sender: Key) {
        switch action {
        case .answerRoom:
            guard let exercise = current, let question = currentQuestion, case .character(let letter) = sender, let value = letter.asciiValue
            else { return }
            answer = Int(value) - 97
            if answer == question.answer {
                if done.insert(exercise.name).inserted { onDone(workbook.number(of: exercise)) }
            } else if !done.contains(exercise.name) {
                onTried(workbook.number(of: exercise))
            }
        case .openRow:
            if showsScore { return wantsToLeave = true }
            answer = nil
            if index + 1 < exercises.count { index += 1 } else { showsScore = true }
        case .edit:
            commandLine = ""
            commandOutput = []
        case .quit:
            if showsScore { wantsToLeave = true } else { showsScore = true }
        default: break
        }
    }

    /// While the command line is open it takes every key: characters, Backspace, Enter to run
    /// it, Esc to close it.
    public func handle(_ key: Key) {
        guard var line = commandLine else {
            ResponderChain([self]).send(key)
            return
        }
        switch key {
        case .character(let character) where !character.isNewline && line.count < Self.commandLineLimit:
            line.append(character)
        case .backspace:
            if !line.isEmpty { line.removeLast() }
        case .enter:
            run(line)
        case .escape:
            commandLine = nil
            return
        default:
            return
        }
        if commandLine != nil { commandLine = line }
    }

    /// Runs `connect` with the options typed on the current exercise's copy, then its check.
    private func run(_ line: String) {
        guard let exercise = current else { return }
        if copies == nil { copies = ExerciseCopies(workbook: workbook, idSeed: idSeed) }
        guard let copies else { return }
        let result = copies.connect(ExerciseCopies.words(of: line), in: exercise)
        commandOutput = result.lines
        if result.solved {
            if done.insert(exercise.name).inserted { onDone(workbook.number(of: exercise)) }
        } else if result.checked, !done.contains(exercise.name) {
            onTried(workbook.number(of: exercise))
        }
    }

    public func title(for command: KeyCommand) -> String {
        switch command.action {
        // The letters there are, as the room's panel says them.
        case .answerRoom: "to \(ChoiceLetters.letter(max(0, (currentQuestion?.choices.count ?? 1) - 1))) answer"
        case .openRow: showsScore ? "menu" : index + 1 < exercises.count ? "next" : "finish"
        case .edit: "connect"
        case .quit: showsScore ? "menu" : "score"
        default: ""
        }
    }

    // MARK: Drawing

    public func render(size: Size, theme: Theme) -> CellBuffer {
        var buffer = CellBuffer(size: size)
        if showsScore {
            drawScore(size: size, theme: theme, on: &buffer)
            return buffer
        }
        guard let exercise = current, let asked = currentQuestion else { return buffer }
        let number = workbook.number(of: exercise)
        let heading = "Exercises · \(done.count) of \(exercises.count) done"
        buffer.put(heading, at: Point(x: max(0, (size.width - heading.count) / 2), y: 0), style: theme.title)
        var y = 2
        let width = max(1, min(size.width - 4, 76))
        buffer.put("\(number). \(exercise.title)", at: Point(x: 2, y: y), style: theme.title)
        y += 1
        for line in KeyBindings.wrap(exercise.goal, width: width).prefix(max(0, size.height - 16)) {
            buffer.put(theme.display(line), at: Point(x: 2, y: y), style: theme.text)
            y += 1
        }
        if answer != nil {
            y += 1
            for line in KeyBindings.wrap("Rule " + exercise.rules, width: width).prefix(max(0, size.height - 14 - y)) {
                buffer.put(theme.display(line), at: Point(x: 2, y: y), style: theme.secondaryText)
                y += 1
            }
        }
        if let commandLine {
            drawCommandLine(commandLine, file: exercise.storyboard, from: y + 1, size: size, width: width, theme: theme, on: &buffer)
            return buffer
        }
        var question = RoomQuestion(poll: number, text: asked.text, choices: asked.choices, answer: answer)
        question.heading = "Predict"
        if answer != nil { question.revealed = .some(asked.answer) }
        question.draw(for: .answerer, on: &buffer, theme: theme)
        ScreenRenderer.drawFooter(KeyHints.hints(for: ResponderChain([self]), order: [.answerRoom, .openRow, .quit]), in: Rect(origin: .zero, size: size), theme: theme, buffer: &buffer)
        return buffer
    }
}

extension ExerciseQuiz {
    /// The score: how many of how many are done, each exercise with ✓ or not, and the keys back.
    private func drawScore(size: Size, theme: Theme, on buffer: inout CellBuffer) {
        let heading = "Exercises · \(done.count) of \(exercises.count) done"
        buffer.put(heading, at: Point(x: max(0, (size.width - heading.count) / 2), y: 0), style: theme.title)
        var y = 2
        for exercise in exercises.prefix(max(0, size.height - 4)) {
            let mark = done.contains(exercise.name) ? "✓" : "·"
            let line = "\(mark) \(workbook.number(of: exercise)). \(exercise.title)"
            buffer.put(theme.display(line).truncated(toWidth: max(0, size.width - 4), ellipsis: theme.glyphs.ellipsis), at: Point(x: 2, y: y),
                       style: done.contains(exercise.name) ? theme.text : theme.secondaryText)
            y += 1
        }
        ScreenRenderer.drawFooter(KeyHints.hints(for: ResponderChain([self]), order: [.openRow, .quit]), in: Rect(origin: .zero, size: size), theme: theme, buffer: &buffer)
    }

    /// The command line and what the last command said, below the goal; the footer says how to
    /// run it and close it.
    private func drawCommandLine(_ line: String, file: String, from top: Int, size: Size, width: Int, theme: Theme, on buffer: inout CellBuffer) {
        var y = top
        let example = "as in --from Contacts/Cancel --unwind cancel:, or --from Wallet --to Amount --kind present"
        for text in KeyBindings.wrap("wallet storyboard connect \(file) with the options you type, on this session's copy; " + example, width: width) {
            buffer.put(theme.display(text), at: Point(x: 2, y: y), style: theme.secondaryText)
            y += 1
        }
        y += 1
        let prompt = "connect> "
        let shown = String(line.suffix(max(1, size.width - 4 - prompt.count)))
        buffer.put(prompt + theme.display(shown), at: Point(x: 2, y: y), style: theme.title)
        y += 2
        let room = max(0, size.height - 2 - y)
        let lines = commandOutput.flatMap { KeyBindings.wrap($0, width: width) }
        for text in lines.prefix(room) {
            buffer.put(theme.display(text), at: Point(x: 2, y: y), style: theme.text)
            y += 1
        }
        let footer = "Enter run · Esc back to the question"
        buffer.put(footer, at: Point(x: max(0, (size.width - footer.count) / 2), y: size.height - 1), style: theme.secondaryText)
    }
}

/// The quiz as a served session runs it (`ServedProgram`), the room's question over it.
extension ExerciseQuiz: ServedScreen {
    public var isRunning: Bool { !wantsToLeave }
    public func handle(key: Key, size: Size) { handle(key) }
    public func frame(size: Size, theme: Theme) -> (buffer: CellBuffer, cursor: Point?) { (render(size: size, theme: theme), nil) }
}
