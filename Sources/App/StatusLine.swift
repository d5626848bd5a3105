import Navigation
import Terminal
import Views

/// What the last unwind did, said on the bottom row in place of the keys until the next key or
/// click: where it landed, or that it was aborted because no controller on the way back accepts
/// its action; and, under `wallet storyboard run`, that a press did nothing because the code it
/// would have run is not here, with the declaration that would perform a segue. An unwind that moves nothing the eye can see (its destination already on screen,
/// as the master of a wide split view) or nothing at all (aborted) still says what happened,
/// where a workshop is looking.
///
/// The app shows it when one is installed (`Application.statusLine`); an aborted unwind is said
/// here and, as in every app run from a storyboard, in an alert (UIKit says nothing at all).
@MainActor
public final class StatusLine {
    public enum Tone: Sendable { case note, failure }

    /// The message shown now, and how it reads; nil when the keys show.
    public var message: (text: String, tone: Tone)? { said.map { ($0.text, $0.tone) } }
    /// The message with shorter ways to say it, shortest last, for a row too narrow for it
    /// whole: the first that fits is drawn.
    private var said: (text: String, tone: Tone, shorter: [String])?
    /// The unwind under way: its source, named when the unwind ends.
    private var unwindSource: ControllerID?
    /// Whose root says the screens' column: an expanded split view's is wider than a screen's.
    private weak var window: Window?

    /// `observesNavigation` false: it says only what it is told (`say`), for an app whose
    /// navigation it does not narrate (the wallet's, where a room's presenter still hears why F7
    /// asked nothing).
    public init(window: Window, observesNavigation: Bool = true) {
        self.window = window
        guard observesNavigation else { return }
        _ = window.addObserver { [weak self] event in self?.observe(event) }
    }

    /// The keys show again: the user has gone on.
    public func clear() { said = nil }

    /// Says `text` until the next key: what a key that could do nothing did not do, and why.
    public func say(_ text: String, tone: Tone = .note) { said = (text, tone, []) }

    private func observe(_ event: NavigationEvent) {
        switch event {
        case .unwindStarted(_, let source):
            unwindSource = source
        case .unwindAction(let action, let destination):
            let from = unwindSource.map { " (from \(Self.name($0)))" } ?? ""
            said = ("Unwind \(action) landed on \(Self.name(destination))\(from)", .note, [])
            unwindSource = nil
        case .unwindAborted(let action, _):
            // Short enough for 80 columns with the longest of the catalog's actions.
            said = ("Unwind \(action) aborted: nobody on the way back accepts it", .failure, [])
            unwindSource = nil
        case .standInDidNothing(let controller, let action, let key, let segues):
            // What to declare comes first after the action: a narrow terminal cuts the others.
            let row = action == NavigationEvent.rowSelection
            let what = row ? "Selecting a row of \(Self.name(controller))" : "\(action) on \(Self.name(controller))"
            let advice = NavigationEvent.performsAdvice(key: key, action: action, segues: segues)
            // Narrower, the declaration to copy is what stays: the other segues, then the words go.
            let first = NavigationEvent.performsAdvice(key: key, action: action, segues: Array(segues.prefix(1)))
            let short = row ? "A row" : "\(action)"
            said = ("\(what) did nothing without its code" + (segues.isEmpty ? "; \(advice)" : "; try \(advice)"), .note,
                    segues.isEmpty ? [] : ["\(short) did nothing; try \(advice)", "\(short) did nothing; try \(first)", "Try \(first)"])
        case .pullDown(let sheet, .dismissed(let notCalled)):
            // The lesson of rule 29, where the room is looking: the pull is no Cancel.
            let actions = notCalled.map(\.description)
            let missed = actions.isEmpty ? "" : "; " + NavigationEvent.list(actions) + (actions.count == 1 ? " was" : " were") + " not called"
            said = ("Pulled \(Self.name(sheet)) down: no unwind ran\(missed)", .note, ["Pulled down: no unwind ran\(missed)", "Pulled down: no unwind"])
        case .pullDown(_, .refused(let modal)):
            said = (modal ? "isModalInPresentation: the sheet springs back (presentationControllerDidAttemptToDismiss)"
                        : "presentationControllerShouldDismiss said no: the sheet springs back", .failure,
                    [modal ? "isModalInPresentation: it springs back" : "ShouldDismiss said no: it springs back"])
        case .pullDown(_, .sprangBack):
            said = ("Let go before a third of the card: it springs back, nothing dismissed", .note, ["Let go: it springs back"])
        default:
            break
        }
    }

    /// A controller as a workshop knows it: by its title, else its class.
    static func name(_ controller: ControllerID) -> String {
        if let title = controller.title, !title.isEmpty { return title }
        if let root = controller.rootTitle, !root.isEmpty { return "\(controller.className) (root \(root))" }
        return controller.scene.map { "\(controller.className) #\($0)" } ?? controller.className
    }

    /// Draws the message over the bottom row of `buffer`, a frame of the app, in the screens'
    /// column, as the keys are drawn there.
    public func draw(on buffer: inout CellBuffer, theme: Theme) {
        guard let said, buffer.size.height >= ScreenRenderer.minimumSize.height,
              buffer.size.width >= ScreenRenderer.minimumSize.width else { return }
        let content = ScreenRenderer.contentRect(for: buffer.size, root: window?.presentationStack.first)
        let row = buffer.size.height - 1
        let room = buffer.size.width - 2
        let fits = { (text: String) in text.terminalWidth <= room }
        let shown = theme.display(fits(said.text) ? said.text : said.shorter.first(where: fits) ?? said.shorter.last ?? said.text)
        // In the screens' column, as the keys; a longer message (a declaration to copy) takes
        // the whole row rather than lose its end.
        let area = shown.terminalWidth <= content.width - 2 ? content : Rect(x: 0, y: 0, width: buffer.size.width, height: buffer.size.height)
        let text = shown.truncated(toWidth: max(0, area.width - 2), ellipsis: theme.glyphs.ellipsis)
        buffer.fill(Rect(x: 0, y: row, width: buffer.size.width, height: 1))
        buffer.put(text, at: Point(x: area.x + 1, y: row), style: said.tone == .failure ? theme.error : theme.text)
    }
}

extension Application {
    /// As `wallet storyboard run` runs any storyboard: F1 lists keys that hold for any, and the
    /// status line says where unwinds landed and what a press that did nothing needs declared
    /// (issue 33, defect 4).
    public func setUpForAnyStoryboard() {
        keysHelp = .anyStoryboard
        statusLine = StatusLine(window: window)
    }
}
