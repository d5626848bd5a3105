import App
import Terminal
import Views

/// The exercises as a served session does them (`wallet exercises quiz`, "Exercises" in a
/// `wallet serve` menu): nobody edits a file there, so each exercise asks its prediction
/// question instead, with its goal above it. A letter answers; the answer is revealed at once,
/// with the rule it rests on; a right one is the exercise done (`onDone`, which a served session
/// tells the presenter); Enter or Space goes on to the next; q or Esc leaves.
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
    /// An exercise predicted right: its number in the workbook, from 1.
    public var onDone: (Int) -> Void = { _ in }

    public init(workbook: Workbook) {
        self.workbook = workbook
        exercises = workbook.exercises.filter { $0.question != nil }
    }

    public var current: Exercise? { exercises.indices.contains(index) ? exercises[index] : nil }

    // MARK: Keys

    private static let letters = KeyBindings.commands(in: .roomAnswer, priority: true)
    private static let menu = KeyBindings.commands(in: .menu, sending: [.openRow, .quit])

    public var keyCommands: [KeyCommand] { Self.letters + Self.menu }

    public func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool {
        switch action {
        case .answerRoom:
            guard answer == nil, let question = current?.question, case .character(let letter) = sender, let value = letter.asciiValue else { return false }
            return Int(value) - 97 < question.choices.count
        case .openRow: return answer != nil
        case .quit: return true
        default: return false
        }
    }

    public func perform(_ action: KeyAction, withSender sender: Key) {
        switch action {
        case .answerRoom:
            guard let exercise = current, let question = exercise.question, case .character(let letter) = sender, let value = letter.asciiValue
            else { return }
            answer = Int(value) - 97
            if answer == question.answer, done.insert(exercise.name).inserted { onDone(workbook.number(of: exercise)) }
        case .openRow:
            answer = nil
            index += 1
            if index >= exercises.count { wantsToLeave = true }
        case .quit: wantsToLeave = true
        default: break
        }
    }

    public func handle(_ key: Key) { ResponderChain([self]).send(key) }

    public func title(for command: KeyCommand) -> String {
        switch command.action {
        case .answerRoom: "answer"
        case .openRow: index + 1 < exercises.count ? "next" : "finish"
        case .quit: "leave"
        default: ""
        }
    }

    // MARK: Drawing

    public func render(size: Size, theme: Theme) -> CellBuffer {
        var buffer = CellBuffer(size: size)
        guard let exercise = current, let asked = exercise.question else { return buffer }
        let number = workbook.number(of: exercise)
        let heading = "Exercises · \(done.count) of \(exercises.count) predicted right"
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
        var question = RoomQuestion(poll: number, text: asked.text, choices: asked.choices, answer: answer)
        question.heading = "Predict"
        if answer != nil { question.revealed = .some(asked.answer) }
        question.draw(for: .answerer, on: &buffer, theme: theme)
        ScreenRenderer.drawFooter(KeyHints.hints(for: ResponderChain([self]), order: [.answerRoom, .openRow, .quit]), in: Rect(origin: .zero, size: size), theme: theme, buffer: &buffer)
        return buffer
    }
}

/// The quiz as a served session runs it (`ServedProgram`), the room's question over it.
extension ExerciseQuiz: ServedScreen {
    public var isRunning: Bool { !wantsToLeave }
    public func handle(key: Key, size: Size) { handle(key) }
    public func frame(size: Size, theme: Theme) -> (buffer: CellBuffer, cursor: Point?) { (render(size: size, theme: theme), nil) }
}
