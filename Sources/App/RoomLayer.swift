import Navigation
import SessionProtocol
import Terminal
import Views

/// The room of a `wallet serve` session over the app (issue 35): the questions the presenter
/// puts to everyone connected, with the live tally for the presenter, and one key's answer for
/// each attendee and follower.
///
/// The presenter, stepping (F3) and paused before an unwind's search, presses F7: "SOURCE
/// unwinds with ACTION. Which controller answers yes first?", the controllers on screen as
/// lettered choices, and a last one for an unwind nobody accepts (rule 7). The server sends it
/// to every other session and the tally back. Space runs the search as always; when it finds
/// the destination (or aborts), the layer reveals that choice to the room, and the tally and the
/// answer go into the trace. An attendee answers with a letter while the question is open, and
/// can change it until the reveal. A revealed question stays until the next key, which then
/// does what it does. The layer knows no descriptor: what it says goes through
/// `send`, what the server says comes in through `receive`.
@MainActor
public final class RoomLayer: AppLayer, Responder {
    public enum Role: Sendable { case presenter, attendee }
    public let role: Role
    public private(set) var question: RoomQuestion? { didSet { if question != oldValue { changed() } } }
    private let send: (RoomMessage) -> Void
    /// The controllers of the presenter's choices, in order; nil for "nobody accepts".
    private var choiceControllers: [ControllerID?] = []
    private weak var window: Window?
    /// Whether a segue is paused before an unwind's search: F7 asks then (the app says).
    var pausedUnwind: () -> (action: Selector, source: ControllerID)? = { nil }
    /// Called when what the layer shows or takes changes: the app drops its chain and draws.
    var changed: () -> Void = {}
    /// The presenter's: how far the room has got with the exercises (`exercise 3: 18 of 30
    /// done`), for the overlay beside the audience's counts.
    var onExercises: (String) -> Void = { _ in }

    /// `window`: the presenter's, whose unwinds answer its questions; none for a screen that
    /// only answers (a session's menu, a follower's screen).
    public init(role: Role, window: Window?, send: @escaping (RoomMessage) -> Void) {
        self.role = role
        self.window = window
        self.send = send
        window?.addObserver { [weak self] event in self?.observe(event) }
    }

    // MARK: What the server says

    public func receive(_ message: RoomMessage) {
        switch (role, message) {
        case (.attendee, .question(let poll, let text, let choices, let answered)):
            question = RoomQuestion(poll: poll, text: text, choices: choices, answer: answered)
        case (.attendee, .locked(let poll)):
            guard var shown = question, shown.poll == poll, shown.isOpen else { return }
            shown.isLocked = true
            question = shown
        case (.attendee, .dismissed(let poll)):
            // A follower's: the projector's answer panel closed.
            guard let shown = question, shown.poll == poll, !shown.isOpen else { return }
            question = nil
        case (.attendee, .revealed(let poll, let answer)):
            guard var shown = question, shown.poll == poll else { return }
            // Taken back: the panel says the presenter closed it, until the next key.
            shown.revealed = .some(answer)
            question = shown
        case (.presenter, .question(let poll, let text, let choices, _)):
            // The room's open question, asked by the presenter's app before this one (a relaunch,
            // a reconnect: issue 47): shown with its tally, and closed with Esc; no search of
            // this app reveals it.
            guard question?.poll != poll else { return }
            choiceControllers = []
            scriptedAnswer = nil
            var adopted = RoomQuestion(poll: poll, text: text, choices: choices)
            adopted.hidesCounts = hidesTally
            adopted.askedBefore = true
            question = adopted
        case (.presenter, .locked(let poll)):
            guard var shown = question, shown.poll == poll, shown.isOpen else { return }
            shown.isLocked = true
            question = shown
        case (.presenter, .exercises(let done, let sessions)):
            // The furthest exercise the room has reached, and how many have done it.
            guard let last = done.lastIndex(where: { $0 > 0 }) else { return }
            onExercises("exercise \(last + 1): \(done[last]) of \(sessions) done")
        case (.presenter, .tally(let poll, let counts, let waiting)):
            guard var shown = question, shown.isOpen || shown.poll == poll else { return }
            if shown.poll == 0 { shown.poll = poll }
            guard shown.poll == poll, counts.count == shown.choices.count else { return }
            shown.counts = counts
            shown.waiting = waiting
            question = shown
        default:
            break
        }
    }

    // MARK: The presenter's question

    /// The most controllers a question offers: with "none", eight choices, which a panel at
    /// 80x24 shows whole.
    static let maximumControllerChoices = 7

    /// The presenter's: the tally shows as a count only until the reveal (`--hide-tally`).
    public var hidesTally = false

    /// Puts the paused unwind's question to the room: the controllers its search can ask (the
    /// nearest the source, at most seven, the one it will find always among them), shuffled
    /// by the question's text so that the right letter changes from unwind to unwind, and
    /// "none" last (issue 47: every controller of the window, hidden tabs included, made 17
    /// choices, the right one among those an 80x24 panel hid).
    private func ask() {
        guard let (action, sourceID) = pausedUnwind(), let window, let source = controller(sourceID, in: window) else { return }
        scriptedAnswer = nil
        let candidates = source.unwindCandidates(for: action)
        var picked = Array(candidates.controllers.prefix(Self.maximumControllerChoices))
        if let destination = candidates.destination, !picked.contains(where: { $0 === destination }) {
            picked[picked.count - 1] = destination
        }
        guard !picked.isEmpty else {
            return explain("\(sourceID) has no next responder: nobody can be asked, and the unwind is aborted")
        }
        let text = "\(sourceID) unwinds with \(action). Which controller answers yes first?"
        let shown = ChoiceLetters.order(count: picked.count, seed: text).map { ControllerID(picked[$0]) }
        choiceControllers = shown + [nil]
        let choices = shown.map(\.description) + ["none: nobody accepts, the unwind is aborted"]
        var asked = RoomQuestion(poll: 0, text: RoomMessage.oneLine(text), choices: choices.map(RoomMessage.oneLine))
        asked.hidesCounts = hidesTally
        question = asked
        send(.ask(question: text, choices: choices))
    }

    /// The controller `id` names in `window`, presented or a child.
    private func controller(_ id: ControllerID, in window: Window) -> ViewController? {
        var found: ViewController?
        func walk(_ controller: ViewController) {
            guard found == nil else { return }
            if ObjectIdentifier(controller) == id.id, ControllerID(controller).instance == id.instance { return found = controller }
            controller.children.forEach(walk)
        }
        window.presentationStack.forEach(walk)
        return found
    }

    /// The answer of a question a script asked (`#?`), revealed when the presenter goes on.
    private var scriptedAnswer: Int??

    /// Puts a script's question to the room (`#? question | choice | *right`), the presenter's;
    /// with no choices (`<ask>`), the paused unwind's, as F7 asks it.
    public func ask(_ text: String, choices: [String], answer: Int?) {
        guard role == .presenter else { return }
        if choices.isEmpty {
            if canPerformAction(.askRoom, withSender: .function(7)) { ask() }
            return
        }
        choiceControllers = []
        scriptedAnswer = .some(answer)
        var asked = RoomQuestion(poll: 0, text: RoomMessage.oneLine(text), choices: choices.map(RoomMessage.oneLine))
        asked.hidesCounts = hidesTally
        question = asked
        send(.ask(question: text, choices: choices))
    }

    /// Reveals the script's question (the presenter went on), or takes it back.
    public func revealAsked(takenBack: Bool) {
        guard let answer = scriptedAnswer, var shown = question, shown.isOpen else { return }
        scriptedAnswer = nil
        guard !takenBack, let answer else {
            send(.reveal(answer: nil))
            question = takenBack ? nil : question.map { var closed = $0; closed.revealed = .some(nil); return closed }
            return
        }
        reveal(answer, in: &shown)
    }

    /// Reveals `right` to the room, and keeps the tally and the answer in the trace.
    private func reveal(_ right: Int, in shown: inout RoomQuestion) {
        shown.revealed = .some(right)
        question = shown
        send(.reveal(answer: right))
        let tally = shown.choices.indices.map { "\(RoomMessage.letter($0))) \(shown.counts[$0])" }.joined(separator: ", ")
        window?.say(caption: "the room answered \"\(shown.text)\": \(tally); \(shown.counts.reduce(0, +)) answered"
            + (shown.waiting.map { ", \($0) did not" } ?? "") + "; the answer: \(RoomMessage.letter(right))) \(shown.choices[right])")
    }

    /// The search's first step closes the voting (issue 47: answers changed while the
    /// projector showed the search were counted); when it has found where the unwind lands,
    /// or nobody, that is the answer.
    private func observe(_ event: NavigationEvent) {
        guard role == .presenter, scriptedAnswer == nil, var shown = question, shown.isOpen, !choiceControllers.isEmpty else { return }
        switch event {
        case .unwindStarted, .unwindAsked:
            guard !shown.isLocked else { return }
            shown.isLocked = true
            question = shown
            send(.lock)
        case .unwindDestination(let destination, _):
            guard let index = choiceControllers.firstIndex(where: { $0.map { $0.id == destination.id && $0.instance == destination.instance } ?? false })
            else {
                // A container's override chose a controller the choices did not offer: nobody
                // was right, and the trace says where the unwind went.
                send(.reveal(answer: nil))
                shown.revealed = .some(nil)
                question = shown
                window?.say(caption: "the search found \(destination), which the question did not offer: nobody was right")
                return
            }
            reveal(index, in: &shown)
        case .unwindAborted: reveal(choiceControllers.count - 1, in: &shown)
        default: return
        }
    }

    // MARK: Keys

    // The presenter's keys are matched after the screens': Esc is Cancel where a screen has one
    // (a script's Esc too), and takes the question back only while a segue is paused, when the
    // screens are out of the chain.
    private static let presenterCommands = KeyBindings.commands(in: .room)
    private static let answerCommands = KeyBindings.commands(in: .roomAnswer, priority: true)

    public var keyCommands: [KeyCommand] { role == .presenter ? Self.presenterCommands : question == nil ? [] : Self.answerCommands }

    public func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool {
        switch action {
        case .askRoom: return role == .presenter && question?.isOpen != true && pausedUnwind() != nil
        // Every letter while a question is open: a choice answers, another is refused with a
        // word (issue 47: letters that were no choice went on to the app, a text field typed them).
        case .answerRoom:
            guard let question, question.isOpen, case .character(let letter) = sender, let value = letter.asciiValue else { return false }
            return (97...122).contains(Int(value))
        // The revealed answer closes on the next key, which does nothing else.
        case .closeRoomPanel: return role != .presenter && question?.isOpen == false
        case .closeRoomQuestion: return role == .presenter && question?.isOpen == true
        default: return false
        }
    }

    public func perform(_ action: KeyAction, withSender sender: Key) {
        switch action {
        case .askRoom: ask()
        case .answerRoom:
            guard var shown = question, case .character(let letter) = sender, let value = letter.asciiValue else { return }
            guard Int(value) - 97 < shown.choices.count else {
                explain("\(letter) is no choice: \(RoomMessage.letter(0)) to \(RoomMessage.letter(shown.choices.count - 1)) answer the question")
                return
            }
            guard !shown.isLocked else { return explain("the voting has closed: the answer shows in a moment") }
            shown.answer = Int(value) - 97
            question = shown
            send(.answer(poll: shown.poll, choice: Int(value) - 97))
        case .closeRoomPanel:
            question = nil
        case .closeRoomQuestion:
            // The presenter's open question is taken back.
            send(.reveal(answer: nil))
            question = nil
            scriptedAnswer = nil
        default: break
        }
    }

    public func title(for command: KeyCommand) -> String {
        switch command.action {
        case .askRoom: "ask the room"
        case .answerRoom: question.map { "to \(RoomMessage.letter(max(0, $0.choices.count - 1))) answer" } ?? "answer"
        case .closeRoomQuestion: "take back"
        case .closeRoomPanel: "close"
        default: ""
        }
    }

    /// A key pressed, before it goes up the chain: a revealed question closes, and the key
    /// does what it does.
    public func keyPressed(_ key: Key) {
        // The presenter's revealed answer closes on the next key, which goes on; an attendee's
        // or a follower's takes that key (`closeRoomPanel`).
        if role == .presenter, key != .resize, question?.isOpen == false {
            question = nil
            send(.dismiss)
        }
        // F7 with nothing to ask did nothing and said nothing (issue 47): it says what it asks.
        if key == .function(7), role == .presenter, question?.isOpen != true, pausedUnwind() == nil {
            explain("F7 asks the room where a paused unwind lands: press F3, start an unwind, then F7")
        }
    }

    /// Says a line on the app's status line (the app sets it).
    var explain: (String) -> Void = { _ in }

    /// For a screen that is no `Application` (a session's menu, a follower's screen, the
    /// exercises' quiz): a key comes here first; true when the question took it.
    public func take(_ key: Key) -> Bool {
        keyPressed(key)
        return question != nil && ResponderChain([self]).send(key)
    }

    /// The question, if one shows, over `buffer`.
    public func draw(on buffer: inout CellBuffer, theme: Theme) {
        beneathPanel = nil
        guard let question else { return }
        let whole = Rect(origin: .zero, size: buffer.size)
        // Beside the inspector, over the app's part, when that is wide enough for the panel.
        let app = appArea(buffer.size)
        let area = app.width >= Self.narrowestPanel ? app : whole
        // The presenter's followers are sent the frame without this panel: each has its own
        // (issue 47: a watcher's panel lay over the presenter's, with fragments at its edges).
        if role == .presenter, let rect = question.panelRect(in: area) {
            var under = CellBuffer(size: rect.size)
            for y in 0..<rect.height { for x in 0..<rect.width { under[x, y] = buffer[rect.x + x, rect.y + y] } }
            beneathPanel = (rect.origin, under)
        }
        question.draw(for: role == .presenter ? .presenter : .answerer, in: area, on: &buffer, theme: theme)
    }

    /// What the presenter's panel covers in the last frame drawn, and where: followers are
    /// sent that instead of the panel (`MirroringBackend.beneath`).
    public private(set) var beneathPanel: (origin: Point, cells: CellBuffer)?

    /// Where the app is drawn in a frame of a size: all of it, or its part beside the
    /// inspector (the app sets it).
    var appArea: (Size) -> Rect = { Rect(origin: .zero, size: $0) }
    /// The narrowest app area the panel keeps to; narrower, it takes the whole screen.
    static let narrowestPanel = 44

    // MARK: The layer

    public var responder: (any Responder)? { self }
    public var holdsKeys: Bool { false }

    public func compose(size: Size, theme: Theme, app: (Size) -> ScreenRenderer.Frame) -> ScreenRenderer.Frame {
        var frame = app(size)
        draw(on: &frame.buffer, theme: theme)
        return frame
    }

    public func appSize(in size: Size) -> Size { size }
    public func clickableArea(in size: Size) -> (area: Rect, excluding: Rect?)? { (Rect(origin: .zero, size: size), nil) }
    public func endTurn() {}
}
