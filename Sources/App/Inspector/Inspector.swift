import Navigation
import Terminal
import Views

/// The workshop inspector of an app's window: the live controller tree and the last segue,
/// beside the app or over it (F2), and step-through (F3), in which the inspector is the
/// window's `SegueProcessRunner` and each segue waits for Space before each of its steps.
@MainActor
public final class Inspector: SegueProcessRunner {
    public let window: Window
    /// Whether the panel is drawn.
    public var isShown = false {
        didSet { if !isShown { isZoomed = false } }
    }
    /// Whether the panel takes the whole terminal (F6), scrolled by hand to `zoomOffset`.
    public private(set) var isZoomed = false
    /// The first line shown of the zoomed inspector, counted in `page`'s lines.
    public private(set) var zoomOffset = 0
    /// Whether segues pause before each step.
    public private(set) var isStepping = false
    /// The last segue, built from the window's events.
    public private(set) var log = SegueLog()

    /// Observes `window` from now on. Made before the app's own observers, so that an alert the
    /// app presents when an unwind aborts comes after the abort closed the record.
    public init(window: Window) {
        self.window = window
        window.addObserver { [weak self] event in
            guard let self else { return }
            // While a segue waits between steps, what happens meanwhile (the Quit? alert shown
            // and dismissed) is not one of its steps: it must not be listed in its record.
            if self.pausedProcess != nil, !self.window.isRunningSegueStep { return }
            self.log.record(event)
        }
    }

    /// The segue paused between two steps, waiting for Space or Enter.
    public var pausedProcess: SegueProcess? {
        guard isStepping, let process = window.activeSegueProcess, !process.isFinished else { return nil }
        return process
    }

    /// Turns stepping on or off. On, the panel opens too: stepping is for watching the steps.
    /// Off, a paused segue and any waiting behind it run to the end.
    public func setStepping(_ on: Bool) {
        isStepping = on
        if on {
            isShown = true
            window.segueProcessRunner = self
        } else {
            window.segueProcessRunner = nil
        }
    }

    public func segueProcessDidBegin(_ process: SegueProcess) {
        // It waits for Space; until its first step emits anything, the record says which segue waits.
        let kind: SegueRecord.Kind
        switch process.kind {
        // No identifier in the storyboard is the "" its should-perform will report: the heading
        // says "(no identifier)" from the first pause, not only once that step has run.
        case .forward(let identifier, let source): kind = .forward(identifier: identifier ?? "", source: source)
        case .unwind(let action, let source): kind = .unwind(action: action, source: source)
        }
        log.begin(kind)
    }

    /// The app has handled a key or a timer: what comes later is not part of the last segue,
    /// unless a segue is paused between steps.
    public func endTurn() {
        if pausedProcess == nil { log.close() }
    }

    /// Where clicks reach the app on a terminal of `size`, and nothing else: nil while a segue
    /// is paused (only Space and Enter move it on) unless an alert is on top, which takes clicks
    /// as it takes keys; the app's columns beside a side panel, and nothing under an overlay.
    public func clickableArea(in size: Size) -> (area: Rect, excluding: Rect?)? {
        guard !isZoomed, pausedProcess == nil || window.topViewController is AlertController else { return nil }
        guard isShown else { return (Rect(origin: .zero, size: size), nil) }
        let layout = InspectorLayout(size: size)
        return (Rect(origin: .zero, size: layout.appSize), layout.placement == .overlay ? layout.panel : nil)
    }

    // MARK: Keys

    /// Whether the inspector takes every key now: zoomed, the app cannot be seen, and its keys
    /// must not act on it unseen; while a segue is paused, only the stepping keys move on, unless
    /// an alert on top (Quit?) takes the keys. The app's chain then skips the screens.
    public var holdsKeys: Bool { isZoomed || (pausedProcess != nil && !alertOnTop) }

    private var alertOnTop: Bool { window.topViewController is AlertController }

    /// The app's responder chain, whose commands in effect the inspector's footer names (q is
    /// the app's to perform).
    public var chain: (() -> ResponderChain)?

    /// The size the inspector was last drawn at, whose rows a zoomed page is counted in.
    private var drawnSize = Size(width: 80, height: 24)

    /// Zooms the inspector to the whole terminal (opening it), from its first line, or puts it
    /// back beside the app.
    public func setZoomed(_ on: Bool) {
        if on { isShown = true }
        isZoomed = on
        zoomOffset = 0
    }

    // MARK: Zoomed

    /// Rows of the zoomed inspector's lines on a terminal of `size`: all but its title, the rule
    /// under it and the keys' row.
    static func zoomedRows(in size: Size) -> Int { max(1, size.height - 3) }

    /// Scrolls within the page: scrolled at all, a row says what is above, so the last line
    /// shows at an offset one line further than the rows alone would give.
    private func scrollZoomed(by lines: Int, rows: Int) {
        zoomOffset = Self.clamped(zoomOffset + lines, total: page(rows: rows).total, rows: rows)
    }

    private static func clamped(_ offset: Int, total: Int, rows: Int) -> Int {
        min(max(0, offset), total <= rows ? 0 : total - rows + 1)
    }

    /// The zoomed inspector's lines from `zoomOffset`, at most `rows`, as one page: the tree's
    /// heading and lines, a blank line, the segue's heading and lines; and how many lines the
    /// page has in all. Only the tree lines shown are written out.
    func page(rows: Int, glyphs: Glyphs = .unicode) -> (lines: [InspectorLine], total: Int) {
        let treeStart = max(0, zoomOffset - 1)
        let tree = treeBuilder(glyphs: glyphs).lines(of: window, from: treeStart, limit: rows)
        let segue = segueLines(glyphs: glyphs).lines
        let heading = pausedProcess == nil ? "Last segue" : "Segue under way"
        let total = 1 + tree.total + 2 + segue.count
        var lines: [InspectorLine] = []
        // The page may have shrunk under an offset kept from the last frame (a timer dismissed
        // a presentation): then no line shows until the offset is clamped.
        for index in zoomOffset..<max(zoomOffset, min(total, zoomOffset + rows)) {
            switch index {
            case 0: lines.append(InspectorLine("Controllers", role: .heading))
            case 1...tree.total:
                let line = index - 1 - tree.first
                lines.append(tree.lines.indices.contains(line) ? tree.lines[line] : InspectorLine(""))
            case tree.total + 1: lines.append(InspectorLine(""))
            case tree.total + 2: lines.append(InspectorLine(heading, role: .heading))
            default: lines.append(segue[index - tree.total - 3])
            }
        }
        return (lines, total)
    }

    private func composeZoomed(size: Size, theme: Theme) -> ScreenRenderer.Frame {
        let rows = Self.zoomedRows(in: size)
        // The terminal, or the page, may have shrunk since the last scroll: the page is made
        // again only when that moved the offset.
        var page = page(rows: rows, glyphs: theme.glyphs)
        let offset = Self.clamped(zoomOffset, total: page.total, rows: rows)
        if offset != zoomOffset {
            zoomOffset = offset
            page = self.page(rows: rows, glyphs: theme.glyphs)
        }
        let panel = InspectorRenderer(theme: theme).renderZoomed(page.lines, above: zoomOffset,
                                                                 below: max(0, page.total - zoomOffset - page.lines.count),
                                                                 status: status, size: Size(width: size.width, height: size.height - 1))
        var buffer = CellBuffer(size: size)
        buffer.draw(panel, at: .zero)
        ScreenRenderer.drawFooter(hints, in: Rect(origin: .zero, size: size), theme: theme, buffer: &buffer)
        return ScreenRenderer.Frame(buffer: buffer, cursor: nil)
    }

    // MARK: Drawing

    /// The frame at `size`: the app, drawn by `app` at the size the layout leaves it, and the
    /// panel beside it or over it.
    public func appSize(in size: Size) -> Size {
        let tooSmall = size.width < ScreenRenderer.minimumSize.width || size.height < ScreenRenderer.minimumSize.height
        return isShown && !tooSmall ? InspectorLayout(size: size).appSize : size
    }

    public func compose(size: Size, theme: Theme, app: (Size) -> ScreenRenderer.Frame) -> ScreenRenderer.Frame {
        drawnSize = size
        let tooSmall = size.width < ScreenRenderer.minimumSize.width || size.height < ScreenRenderer.minimumSize.height
        guard !tooSmall, isShown || pausedProcess != nil else { return app(size) }
        if isZoomed { return composeZoomed(size: size, theme: theme) }
        guard isShown else {
            var frame = app(size)
            drawPausedFooter(width: size.width, theme: theme, buffer: &frame.buffer)
            return frame
        }
        let layout = InspectorLayout(size: size)
        let appFrame = app(appSize(in: size))
        var buffer = CellBuffer(size: size)
        buffer.draw(appFrame.buffer, at: .zero)
        let panel = InspectorRenderer(theme: theme).render(content(glyphs: theme.glyphs, rows: layout.panel.height),
                                                           size: layout.panel.size, placement: layout.placement)
        if layout.placement == .overlay {
            // No word of the app cut in half by the panel's frame; the rest of its line stays,
            // so that a paragraph beside the panel still reads (issue 47: the catalog's Push
            // tab at 80x24 showed nothing but " implements.").
            ScreenRenderer(theme: theme).blankCutWords(around: layout.panel, buffer: &buffer, wholePhrases: false)
        }
        buffer.draw(panel, at: layout.panel.origin)
        // The app's title rule meets the panel's at the divider: a cross, not a tee. Under a
        // large title (a row lower) it meets the panel's side: a tee.
        if layout.placement == .side, layout.panel.x > 0 {
            for y in 1...2 where y < size.height && buffer[layout.panel.x - 1, y].character == theme.glyphs.horizontal {
                buffer[layout.panel.x, y] = Cell(y == 1 ? theme.glyphs.cross : theme.glyphs.teeRight, style: theme.border)
            }
        }
        drawPausedFooter(width: layout.appSize.width, theme: theme, buffer: &buffer)
        var cursor = appFrame.cursor
        if let point = cursor, layout.panel.contains(point) { cursor = nil }
        return ScreenRenderer.Frame(buffer: buffer, cursor: cursor)
    }

    private func drawPausedFooter(width: Int, theme: Theme, buffer: inout CellBuffer) {
        // An alert on top (Quit?, shown while a segue waits) takes Space and Enter: its own
        // footer says so, and the stepping keys come back when it goes.
        guard pausedProcess != nil, !(window.topViewController is AlertController) else { return }
        // In the column of the app's own footer: on a wide terminal the screens are centred.
        let content = ScreenRenderer.contentRect(for: Size(width: width, height: buffer.size.height))
        ScreenRenderer.drawFooter(hints, in: content, theme: theme, buffer: &buffer)
    }

    /// What the panel shows now: the tree (at most `rows` lines of it) and the last segue, with
    /// the step about to run when a segue is paused.
    public func content(glyphs: Glyphs, rows: Int) -> InspectorContent {
        let tree = treeBuilder(glyphs: glyphs).lines(of: window, limit: max(0, rows))
        let segue = segueLines(glyphs: glyphs)
        return InspectorContent(status: status,
                                tree: tree.lines, treeBefore: tree.before, treeMore: tree.more, treeFocus: tree.focus,
                                segue: segue.lines, segueFocus: segue.focus)
    }

    /// The tree, with the controller the step about to run is about highlighted, and what each
    /// controller asked in the unwind under way answered.
    private func treeBuilder(glyphs: Glyphs = .unicode) -> HierarchyTree {
        let next = pausedProcess?.nextStep
        var notes: [ControllerID: String] = [:]
        if log.isOpen, let record = log.last {
            for asked in record.asked { notes[asked.controller] = asked.answer ? "yes" : "no" }
            if let destination = record.destination { notes[destination] = "destination" }
        }
        let highlighted = next?.subject
        if let highlighted, case .ask? = next { notes[highlighted] = "asking" }
        return HierarchyTree(glyphs: glyphs, highlighted: highlighted, notes: notes)
    }

    /// The last segue's lines, and the step about to run after them (`focus`) while one is paused.
    private func segueLines(glyphs: Glyphs) -> (lines: [InspectorLine], focus: Int?) {
        var segue = log.last?.lines ?? [InspectorLine("none yet", role: .note)]
        guard let next = pausedProcess?.nextStep else { return (segue, nil) }
        segue.append(InspectorLine("\(glyphs.disclosure) next: \(next)", role: .highlight, continuation: "    "))
        return (segue, segue.count - 1)
    }

    /// Said beside the inspector's title: stepping, paused, and the segues waiting behind; when
    /// not stepping, the key that steps, which the app's footer has no room to name.
    private var status: String? {
        guard isStepping else {
            return (keyCommands.first { $0.action == .toggleStepping }?.footerLabel).map { $0 + " steps through segues" }
        }
        guard pausedProcess?.nextStep != nil else { return "stepping" }
        let waiting = window.waitingSegueProcessCount
        return waiting > 0 ? "paused, \(waiting) more segue\(waiting == 1 ? "" : "s") waiting" : "paused"
    }
}

/// F2, F3 and F6 anywhere; zoomed, the scrolling keys and Esc; while stepping, Space (the next
/// step, or nothing between segues: it must not press the focused button instead, and start
/// the next segue on a presenter's one Space too many, issue 32); while a segue is paused,
/// Enter (the rest of it) and q, which quits as usual, even in a text field. Each wants
/// priority over the screens' keys, but not over a text field's typing nor an alert's keys,
/// which come first in the chain.
extension Inspector: Responder {
    public var keyCommands: [KeyCommand] {
        var commands = Self.commands
        if isZoomed { commands += Self.zoomedCommands }
        if isStepping, !alertOnTop { commands += pausedProcess != nil ? Self.pausedCommands : Self.steppingCommands }
        return commands
    }

    private static let commands = KeyBindings.commands(in: .inspector, priority: true)
    private static let zoomedCommands = KeyBindings.commands(in: .zoomed, priority: true)
    private static let pausedCommands = KeyBindings.commands(in: .paused, priority: true)
    private static let steppingCommands = KeyBindings.commands(in: .paused, priority: true, sending: [.nextSegueStep])

    /// The inspector's own footer (paused, zoomed) names F3 and q only while paused beside the app.
    public func title(for command: KeyCommand) -> String {
        let paused = pausedProcess != nil && !alertOnTop
        switch command.action {
        case .toggleInspector: return "inspector"
        case .toggleStepping: return paused && !isZoomed ? "stop stepping" : ""
        case .lineUp, .lineDown: return isZoomed ? "scroll" : ""
        // Esc, the zoomed inspector's own; F6 is written with F2 in the footer.
        case .zoomInspector: return isZoomed && command.input == .key(.escape) ? "back" : ""
        case .nextSegueStep: return paused ? "next step" : ""
        case .finishSegue: return "run to end"
        case .quit: return paused && !isZoomed ? "quit" : ""
        default: return ""
        }
    }

    public func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool {
        switch action {
        case .toggleInspector, .toggleStepping, .zoomInspector: true
        // Zoomed, a scroll that has somewhere to go; the other keys do nothing anyway.
        case .lineUp, .pageUp, .top: isZoomed && zoomOffset > 0
        case .lineDown, .pageDown, .bottom:
            isZoomed && Self.clamped(zoomOffset + 1, total: page(rows: Self.zoomedRows(in: drawnSize)).total, rows: Self.zoomedRows(in: drawnSize)) != zoomOffset
        // Between segues it does nothing, and nothing else either.
        case .nextSegueStep: isStepping && !alertOnTop
        case .finishSegue: pausedProcess != nil && !alertOnTop
        default: false
        }
    }

    public func perform(_ action: KeyAction, withSender sender: Key) {
        let rows = Self.zoomedRows(in: drawnSize)
        switch action {
        case .toggleInspector: isShown.toggle()
        case .toggleStepping: setStepping(!isStepping)
        case .zoomInspector: setZoomed(!isZoomed)
        case .lineUp: scrollZoomed(by: -1, rows: rows)
        case .lineDown: scrollZoomed(by: 1, rows: rows)
        case .pageUp: scrollZoomed(by: -max(1, rows - 1), rows: rows)
        case .pageDown: scrollZoomed(by: max(1, rows - 1), rows: rows)
        case .top: scrollZoomed(by: -zoomOffset, rows: rows)
        case .bottom: scrollZoomed(by: .max / 2, rows: rows)
        case .nextSegueStep: pausedProcess?.step()
        case .finishSegue: pausedProcess?.runToEnd()
        default: break
        }
    }

    /// The footer the inspector draws over the app's while it holds the keys: its commands in
    /// effect that the footer names, the stepping keys first.
    var hints: [String] {
        KeyHints.hints(for: chain?() ?? ResponderChain([self]), order: [.nextSegueStep, .finishSegue, .askRoom, .closeRoomQuestion, .lineDown, .lineUp,
                                                                              .zoomInspector, .toggleStepping, .quit])
    }
}
