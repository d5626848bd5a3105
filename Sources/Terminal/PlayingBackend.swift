/// A terminal that types a script into the app at a human pace (`wallet --play`), so that a
/// presenter can run a demo hands free and talk over it. It stands between the app and the real
/// terminal: the app reads the script's keys from it as if they were typed, and draws through it.
///
/// The pace: at speed 1 a key every `keyInterval` seconds (8 keys a second) and each `<wait S>`
/// as written; speed 2 is twice as fast (waits halved too), 0.5 half as fast. A `<pause>` waits
/// for the presenter's Space.
///
/// The presenter's own keys while the script plays, as the player's responder in the app's
/// chain (`ScriptPlayerResponder`) routes them to `continueScript`, `stopScript`, `ignoreKey`,
/// `restartScript` and `rewind`; the script's keys come as `Event.scriptKey`:
/// - Space at a pause goes on with the script;
/// - q and Ctrl-C stop the script and quit as Ctrl-C always does, whatever has focus (a q
///   never lands in a text field the script is typing into). While a transfer is being sent
///   the app asks first; the script has stopped, so the presenter's keys answer;
/// - Ctrl-Z suspends as always, and the script takes up where it was when the app is resumed;
/// - F5 starts the script again from its beginning, and F4 takes it back to its previous pause
///   (the one before, at a pause), paused there: the app gets the key, is launched again, and
///   replays `replay`, the steps that brought it there, at their pace (`ScriptReplaying`);
/// - any other key is ignored, with a note on the last row for two seconds saying what the
///   keys do (at a pause, the pause's own note already says it).
///
/// Once the script has ended, a note says so and the app is the presenter's: every key goes
/// to the app as usual (the first one also clears the note).
///
/// Notes are drawn over the right end of the last row and the cells under them are given back
/// when they go, so the app's renderer never learns of them. Time comes from `clock`, seconds
/// on any monotonic scale, so that tests can drive it by hand.
public final class PlayingBackend: TerminalBackend, ScriptReplaying {
    /// Seconds between two keys at speed 1: a typing pace of 8 keys a second.
    public static let keyInterval = 0.125
    /// Seconds, at speed 1, before the first key: time to see the first screen.
    public static let leadIn = 1.0
    /// Seconds a note about an ignored key stays.
    public static let hintDuration = 2.0

    /// What the notes say.
    public enum Note: Hashable, Sendable {
        case paused
        case ignoredKey
        case ended
        case stopped

        public var text: String {
            switch self {
            case .paused: "Paused: Space goes on"
            case .ignoredKey: "Playing a script: Space at a pause, F4 back, q quits"
            case .ended: "Script ended: the keys are yours"
            case .stopped: "Script stopped: the keys are yours"
            }
        }
    }

    /// The presenter's keys while the script plays, for the keys' row in place of the app's,
    /// which are ignored then; nil once it has ended and the keys are the app's again.
    public var keyHints: [String]? {
        hasEnded ? nil : ["Playing a script:", "F4 back a pause", "F5 start over", "q quit"]
    }

    /// The columns a lasting note takes at the right end of the last row: what a caption's text
    /// keeps clear of.
    public static var noteRoom: Int { [Note.paused, .ended, .stopped].map { $0.text.terminalWidth + 2 }.max() ?? 0 }

    public let base: TerminalBackend
    /// Shows a caption of the script to the room: the app's to draw.
    public var onCaption: (String) -> Void = { _ in }
    /// A question of the script (`#?`): put to the room, the script paused on it.
    public var onAsk: (_ question: String, _ choices: [String], _ answer: Int?) -> Void = { _, _, _ in }
    /// The question asked is revealed (Space goes on), or taken back (`takenBack`: the script
    /// stopped, started again or went back before it was revealed).
    public var onReveal: (_ takenBack: Bool) -> Void = { _ in }
    /// A question of the script waits to be revealed.
    private var askOpen = false
    private let steps: [KeyScriptStep]
    private let speed: Double
    private let clock: () -> Double
    private var nextStep = 0
    /// When the next step may run.
    private var due: Double
    public private(set) var isPaused = false
    /// When the pause on screen began: how long it lasted is part of the script's history.
    private var pausedAt: Double?
    /// Every step has run, or the presenter stopped the script: the app is the presenter's.
    public private(set) var hasEnded = false {
        didSet { if !hasEnded { toldEnd = false } }
    }
    /// Whether the app has had its turn since the script ended.
    private var toldEnd = false
    /// The note on screen, and when it goes (nil: when a key clears it).
    public private(set) var note: Note?
    private var noteExpiry: Double?

    /// The steps the app has been given, with the time that passed between them: what brings an
    /// app launched again to where this one is.
    private var history = ScriptHistory()

    /// What the app drew, so that the cells under a note can be given back.
    private var shown: CellBuffer
    private var cursor: Point?
    /// Where the note on screen covers the app's cells.
    private var noteArea: Rect?

    public init(base: TerminalBackend, script: [KeyScriptStep], speed: Double = 1, clock: @escaping () -> Double) {
        self.base = base
        steps = script
        self.speed = speed > 0 && speed.isFinite ? speed : 1
        self.clock = clock
        shown = CellBuffer(size: base.size)
        due = clock()
        start()
    }

    /// The question asked, if one is: revealed or taken back.
    private func endAsk(takenBack: Bool) {
        guard askOpen else { return }
        askOpen = false
        onReveal(takenBack)
    }

    /// The script from its beginning, after its lead-in.
    private func start() {
        endAsk(takenBack: true)
        nextStep = 0
        isPaused = false
        hasEnded = false
        history = ScriptHistory()
        history.record(.wait(Self.leadIn / speed), at: -1)
        due = clock() + Self.leadIn / speed
    }

    /// The steps that bring an app launched again to where the script is, at the pace they were
    /// played: the lead-in, each key followed by the script's typing interval, a pause by the
    /// time the presenter spent there. None before the first key: the launch is there already.
    public var replay: [KeyScriptStep] {
        let steps = history.steps
        return steps.count > 1 ? steps : []
    }

    public var size: Size { base.size }
    public var capabilities: TerminalCapabilities { base.capabilities }
    public var shouldTerminate: Bool { base.shouldTerminate }

    // MARK: Keys

    public func readKey(timeout: Double?) -> Key? { readEvent(timeout: timeout)?.key }

    /// The script's next key once it is due (`Event.scriptKey`), or a key the presenter pressed
    /// that the app gets.
    public func readEvent(timeout: Double?) -> Event? {
        let deadline = timeout.map { clock() + max(0, $0) }
        while true {
            if let key = dueScriptKey() { return .scriptKey(key) }
            // The script has just ended: the app draws a frame, its own keys back on the row.
            if hasEnded, !toldEnd {
                toldEnd = true
                return nil
            }
            let now = clock()
            var wait = deadline.map { max(0, $0 - now) }
            for moment in [isPaused || hasEnded ? nil : due, noteExpiry].compactMap({ $0 }) {
                wait = min(wait ?? .infinity, max(0, moment - now))
            }
            let key = base.readKey(timeout: wait)
            if let expiry = noteExpiry, clock() >= expiry { show(nil) }
            if let key {
                // Once the script has ended, the presenter's first key also takes its note away.
                if hasEnded, note != nil { show(nil) }
                return Event(key)
            }
            // Nothing for the app yet: wait on, for the script or a note, unless the app's time
            // is up, the process is asked to stop, or nothing is left to wait for.
            if base.shouldTerminate { return nil }
            if let deadline, clock() >= deadline { return dueScriptKey().map(Event.scriptKey) }
            // A terminal that came back with no key and no time gone (interrupted, or one that
            // never waits) gets the app its turn rather than a loop that spins.
            if key == nil, wait == nil || clock() == now { return nil }
        }
    }

    /// Runs the script's waits and pauses that are due, and returns its next key once it is due.
    private func dueScriptKey() -> Key? {
        while !hasEnded, !isPaused, clock() >= due {
            guard nextStep < steps.count else {
                hasEnded = true
                show(.ended)
                return nil
            }
            let step = steps[nextStep]
            nextStep += 1
            switch step {
            case .press(let key):
                due = clock() + Self.keyInterval / speed
                history.record(step, at: nextStep - 1)
                history.record(.wait(Self.keyInterval / speed), at: nextStep - 1)
                return key
            case .wait(let seconds):
                due += seconds / speed
                history.record(.wait(seconds / speed), at: nextStep - 1)
            case .pause:
                isPaused = true
                pausedAt = clock()
                history.record(step, at: nextStep - 1)
                show(.paused)
            case .resize:
                // A real terminal's size is the user's: the script goes on at the size it has.
                break
            case .caption(let text):
                history.record(step, at: nextStep - 1)
                onCaption(text)
            case .ask(let question, let choices, let answer):
                // A pause for what goes back to pauses (F4), and for a replay, which asks nobody.
                isPaused = true
                pausedAt = clock()
                history.record(.pause, at: nextStep - 1)
                askOpen = true
                onAsk(question, choices, answer)
                show(.paused)
            }
        }
        return nil
    }

    // MARK: What the presenter's keys do (`ScriptPlayerResponder` says which key does what)

    /// Goes on after a pause.
    public func continueScript() {
        guard isPaused else { return }
        isPaused = false
        endAsk(takenBack: false)
        history.record(.wait(clock() - (pausedAt ?? clock())), at: nextStep - 1)
        due = clock() + Self.keyInterval / speed
        show(nil)
    }

    /// Stops the script: the keys are the presenter's from now on.
    public func stopScript() {
        endAsk(takenBack: true)
        hasEnded = true
        // The Ctrl-C the app gets draws its frame.
        toldEnd = true
        isPaused = false
        show(.stopped)
    }

    /// A key of the presenter's that does nothing while the script plays: a note says which do.
    public func ignoreKey() {
        if !isPaused { show(.ignoredKey, until: clock() + Self.hintDuration) }
    }

    /// From its beginning, after its lead-in (F5; the app is launched again).
    public func restartScript() {
        start()
        show(nil)
    }

    /// Back to the previous pause (the one before, at a pause), or to the launch, paused there
    /// (F4; the app is launched again and replays `replay`).
    public func rewind() {
        endAsk(takenBack: true)
        history.rewind()
        nextStep = history.nextIndex
        hasEnded = false
        isPaused = true
        pausedAt = clock()
        show(.paused)
    }

    public func suspend() {
        let start = clock()
        base.suspend()
        // The time spent stopped is not the script's: it takes up where it was.
        let stopped = max(0, clock() - start)
        due += stopped
        noteExpiry = noteExpiry.map { $0 + stopped }
    }

    // MARK: Drawing

    public func draw(_ changes: [CellChange], cursor: Point?) {
        // A new size: the app draws its whole screen again, and the note goes on top of it.
        var noteToRedraw: Note?
        if shown.size != base.size {
            shown = CellBuffer(size: base.size)
            noteArea = nil
            noteToRedraw = note
            note = nil
        }
        for change in changes { shown[change.point.x, change.point.y] = change.cell }
        self.cursor = cursor
        // The note stays on top of what the app draws under it.
        base.draw(noteArea.map { area in changes.filter { !area.contains($0.point) } } ?? changes, cursor: cursor)
        if let noteToRedraw { show(noteToRedraw, until: noteExpiry) }
    }

    /// Shows `new` (nil: no note) over the last row, until `expiry` (nil: until a key clears
    /// it), giving back the cells the last one covered.
    private func show(_ new: Note?, until expiry: Double? = nil) {
        noteExpiry = expiry
        guard new != note else { return }
        note = new
        var changes: [CellChange] = []
        if let area = noteArea {
            for x in area.x..<area.maxX {
                changes.append(CellChange(point: Point(x: x, y: area.y), cell: shown[x, area.y]))
            }
        }
        noteArea = nil
        if let new, let (area, cells) = noteCells(new) {
            noteArea = area
            changes.removeAll { area.contains($0.point) }
            changes += cells
        }
        if !changes.isEmpty { base.draw(changes, cursor: cursor) }
    }

    /// The cells of a note at the right end of the last row, and the area they cover (one more
    /// cell on the left where they would cut a wide character of the app's in half).
    private func noteCells(_ note: Note) -> (Rect, [CellChange])? {
        let size = base.size
        let text = " " + note.text + " "
        guard size.height > 0, size.width > 0 else { return nil }
        let shownText = text.terminalWidth <= size.width ? text : text.truncated(toWidth: size.width)
        let width = shownText.terminalWidth
        let y = size.height - 1
        let noteStart = size.width - width
        var start = noteStart
        let end = size.width
        if start > 0, shown[start, y].isContinuation { start -= 1 }
        // A hint of the app's footer the note would cut (`F1 keys` left as `F1`) is blanked
        // whole, as beside an alert: up to two blanks, the gap between two hints. Text in
        // reverse video (a script's caption for the room) is not a hint: the note stops at it.
        func isBlank(_ x: Int) -> Bool { x < 0 || (shown[x, y].character == " " && !shown[x, y].isContinuation) }
        func isCaption(_ x: Int) -> Bool { x >= 0 && shown[x, y].style.attributes.contains(.reverse) }
        if !isCaption(start - 1), !isBlank(start - 1) || (!isBlank(start - 2) && !isBlank(start)) {
            while start > 0, !isCaption(start - 1), !(isBlank(start - 1) && isBlank(start - 2)) { start -= 1 }
        }
        var row = CellBuffer(size: Size(width: size.width, height: 1))
        row.fill(Rect(x: noteStart, y: 0, width: end - noteStart, height: 1), with: Cell(" ", style: Style(attributes: .reverse)))
        row.put(shownText, at: Point(x: noteStart, y: 0), style: Style(attributes: [.reverse, .bold]))
        let area = Rect(x: start, y: y, width: end - start, height: 1)
        let cells = (start..<end).map { CellChange(point: Point(x: $0, y: y), cell: row[$0, 0]) }
        return (area, cells)
    }
}
