import Navigation
import Terminal
import Views

/// The app in the run loop (`EventLoop`): how a key becomes a frame. Each turn:
/// 1. an event is read (`EventLoop.run`), or the time comes for the next timer or transition
///    frame (`keyTimeout`), an `Event.timer`;
/// 2. a key is handled (`handle`, in Application+Keys.swift: up the responder chain to a
///    control, and from there to the engine: actions, segues, unwinds), or it waits in the
///    loop's queue behind a transition that plays (`isIgnoringInteractionEvents`);
/// 3. the keys already typed after it are handled too, each on the app laid out as a frame
///    would leave it (`sendEvent`);
/// 4. the timers due run (`Scheduler`);
/// 5. the window is laid out and drawn, and only the cells that changed are written (`render`);
/// 6. the keys that waited for a transition that has ended are handled, a frame after each
///    (`EventLoop`, which keeps them).
///
/// Keys that arrive faster than frames are drawn (a paste, a held arrow, keys piped in over a
/// slow link) are handled together, and one frame shows where they led: writing a frame after
/// each would make the screen lag further behind the keyboard with every key, frames nobody
/// sees. A run of keys is drawn before and after a key that needs the screen as drawn: a click
/// names a place on the frame the user saw; a resize, Ctrl-Z and Ctrl-C change or give away
/// the terminal. A run ends after a key that starts a transition (the keys after it wait for
/// it), and after `EventLoop.eventsPerFrame` keys, so that a long paste still shows progress. A
/// key that arrives while a transition plays waits, with any after it, and they are handled in
/// order once it has ended, each on the screen it was typed for.
extension Application {
    /// Shows the window and handles keys and timers until the user quits or the process is asked
    /// to stop, in the one event loop (`EventLoop`), where keys typed while a transition plays
    /// wait for it.
    public func run() {
        launch()
        eventLoop.run(self)
    }

    /// One turn of the run loop with `key` (nil: none came before the time asked for), as the
    /// loop takes it (it waits behind a transition that plays): what tests drive.
    func turn(with key: Key?) {
        // A test may have changed the app from outside since the last frame.
        frameChain = nil
        eventLoop.turn(self, with: key.map(Event.init))
    }

    /// How long the run loop waits for a key: until the next timer, or the next frame of a
    /// transition; nil waits for a key however long it takes.
    var keyTimeout: Double? {
        // In the terminal's seconds: the app's run `rate` times as fast (`--play-speed`).
        // A transition's frames come no oftener than a terminal's 60 a second, however fast.
        let frame = animator.timeUntilNextFrame.map { max($0 / scheduler.rate, min($0, 1.0 / 60)) }
        return [scheduler.timeUntilNextTimer.map { $0 / scheduler.rate }, frame].compactMap { $0 }.min()
    }

    /// In a script, a key typed while a transition plays ends it first, so that a script
    /// without waits does exactly what it did before animations.
    func finishTransitionForScript() {
        guard animator.isAnimating else { return }
        animator.finish()
    }

    /// Shows the window, once: a second script or loop carries on where the first stopped.
    /// `drawing` false lays it out without drawing it: a replay draws only where it ends.
    public func launch(drawing: Bool = true) {
        // Every run starts here (the event loop, a script, the stage's): what was done to the
        // app before it, from outside a run, may have changed the chain of the last frame.
        frameChain = nil
        guard !isLaunched else { return }
        isLaunched = true
        updateSizeClass(layoutSize)
        window.makeKeyAndVisible()
        if drawing { render() } else { layOut() }
        // What launching performed (embed segues) is not a demo under way.
        hasNavigated = false
    }

    /// From this many rows the window's height is regular, as an iPhone held upright: 80x24 is
    /// one. Below it (a short terminal, a tmux split), compact, as an iPhone on its side: sheets
    /// and popovers are full screen, as they are there. The same row count below which the
    /// terminal has no room for a card over its presenter (`ScreenRenderer.modalWindowMinimumSize`).
    public static let regularHeightMinimum = ScreenRenderer.modalWindowMinimumSize.height

    /// From this many columns the window is regular: an expanded split view's primary column
    /// (28 to 40) beside a secondary as wide as the narrow screens (60) still fits, and a
    /// popover of 48 columns leaves its anchor's screen visible. Below it, iPhone-like: compact.
    public static let regularWidthMinimum = 100

    /// Sets the window's width class for the terminal's width; the engine collapses or expands
    /// split views and adapts popovers when it changes. The terminal's, not the columns a layer
    /// leaves the screens: the inspector beside the app is the presenter's, not the app's, and
    /// must not collapse the very split view or adapt the popover it is explaining.
    func updateSizeClass(_ size: Size) {
        let sizeClass: UserInterfaceSizeClass = size.width >= Self.regularWidthMinimum ? .regular : .compact
        if window.horizontalSizeClass != sizeClass { window.horizontalSizeClass = sizeClass }
        // The rows the screens have: the terminal's, but the keys' row.
        let heightClass: UserInterfaceSizeClass = size.height >= Self.regularHeightMinimum ? .regular : .compact
        if window.verticalSizeClass != heightClass { window.verticalSizeClass = heightClass }
    }

    /// Lays the window out and draws it, writing only the cells that changed. An alert that
    /// laying out presents (a data source's mistake) shows in this same frame.
    public func render() {
        lastScreenFrame = nil
        frameChain = nil
        endTurn()
        let size = layoutSize
        drawnSize = size
        updateSizeClass(size)
        var frame = composeLayers(size: size) { [self] size in
            // Transitions move the app's own frame, before the layers are drawn beside it.
            var app = ScreenRenderer(theme: theme, lowerLevels: lowerLevels, responderChain: { [unowned self] screen in
                let chain = responderChain(screen: screen)
                frameChain = chain
                return chain
            }).render(window, size: size, focus: focus)
            lastScreenFrame = app.buffer
            focusRect = focusedRect(in: app)
            statusLine?.draw(on: &app.buffer, theme: theme)
            app.buffer = animator.frame(for: app.buffer)
            return app
        }
        // Laid out within the smallest follower's terminal: the rest of this one is blank.
        if size != backend.size {
            var whole = CellBuffer(size: backend.size)
            for y in 0..<min(size.height, whole.size.height) { for x in 0..<min(size.width, whole.size.width) { whole[x, y] = frame.buffer[x, y] } }
            frame.buffer = whole
        }
        renderer.show(frame.buffer, cursor: animator.isAnimating ? nil : frame.cursor)
    }

    /// The size the app lays out at: the terminal's, or within `layoutLimit`.
    public var layoutSize: Size {
        guard let limit = layoutLimit else { return backend.size }
        return Size(width: max(ScreenRenderer.minimumSize.width, min(backend.size.width, limit.width)),
                    height: max(ScreenRenderer.minimumSize.height, min(backend.size.height, limit.height)))
    }

    /// Where the focused control was drawn in `frame`, the screens' frame: a control's anchor,
    /// or a table's selected row.
    private func focusedRect(in frame: ScreenRenderer.Frame) -> Rect? {
        guard let object = currentScreen.flatMap({ focus.focus(on: $0)?.object }) else { return nil }
        if let rect = frame.anchors[ObjectIdentifier(object)] { return rect }
        guard let table = object as? TableView, let selected = table.indexPathForSelectedRow else { return nil }
        return frame.clickTargets.first { target in
            if case .row(let shown, let indexPath) = target.kind { return shown === table && indexPath == selected } else { return false }
        }?.rect
    }

    /// The layout pass alone, at the size the layers leave the screens: what a table shows, and
    /// so where Page Down goes, is decided by layout, so that keys handled between two frames
    /// (`sendEvent`) meet the state each would have met one frame each.
    /// It is the size of the last frame until a resize is handled: keys typed before a resize
    /// meet the layout they were typed for (a Page Down moves by the page the user saw).
    func layOut() {
        frameChain = nil
        endTurn()
        let terminalSize = drawnSize ?? layoutSize
        updateSizeClass(terminalSize)
        let size = layers.reduce(terminalSize) { $1.appSize(in: $0) }
        ScreenRenderer(theme: theme, lowerLevels: lowerLevels).layOut(window, size: size, focus: focus)
    }

    /// Tells the layers a turn ended: each key handled between two frames is a turn of its own.
    private func endTurn() {
        for layer in layers { layer.endTurn() }
    }

    // MARK: Scripts

    /// Runs a key script as `--keys` gives it: each key handled, each wait advancing the clock,
    /// due timers run after every step, and the screen drawn as a person would see it (or, not
    /// `drawing`, only laid out, as a replay does). A key ends a transition still playing before
    /// it is handled, and so does the end of a script that ends on a key: only a wait shows a
    /// transition part of the way.
    public func run(script steps: some Sequence<KeyScriptStep>, drawing: Bool = true) {
        launch(drawing: drawing)
        var last: KeyScriptStep?
        for step in steps where isRunning {
            perform(step)
            if drawing { render() } else { layOut() }
            last = step
        }
        endScript(after: last, drawing: drawing)
    }

    /// One step of a script, and the timers it makes due; the caller draws.
    public func perform(_ step: KeyScriptStep) {
        // A key takes the frame's chain (`handle`); any other step may change it.
        if case .press = step {} else { frameChain = nil }
        switch step {
        case .press(let key):
            finishTransitionForScript()
            // The script's key, past a script player's: a replay after F4 or F5 is one too.
            handle(key, fromScript: true)
        case .wait(let seconds): scheduler.advance(by: seconds)
        case .resize(let size):
            finishTransitionForScript()
            (backend as? ResizableTerminal)?.resize(to: size)
            handle(.resize)
        case .caption(let text): show(caption: text)
        // A presenter's pause (`--play`), or question for the room: a script run here has
        // nobody to wait for, nor a room to ask.
        case .pause, .ask: break
        }
        scheduler.runDue()
    }

    /// Ends a script that ended on a key with its transition finished, as the next key would.
    public func endScript(after last: KeyScriptStep?, drawing: Bool = true) {
        guard case .press? = last, animator.isAnimating else { return }
        finishTransitionForScript()
        if drawing { render() } else { layOut() }
    }
}

/// The app in the event loop: a key is handled, the keys typed after it in the same turn too,
/// each on the app laid out as a frame would leave it; then the timers due and a frame. While a
/// transition plays the app ignores interaction events, as UIKit does: the loop keeps them, and
/// sends them once it has ended.
extension Application: EventHandling {
    public var timeout: Double? { keyTimeout }

    public func sendEvent(_ event: Event) {
        if readers.take(event) { return }
        guard let key = event.key else { return }
        // Each key typed ahead meets the state it would have met one frame each: the timers
        // due have run, and the app is laid out (what a table shows decides where Page Down goes).
        if eventsThisTurn > 0 {
            frameChain = nil
            scheduler.runDue()
            layOut()
        }
        eventsThisTurn += 1
        if case .scriptKey = event { handle(key, fromScript: true) } else { handle(key) }
    }

    public func continuesRun(after event: Event) -> Bool {
        !needsDrawnScreen(event) && !animator.isAnimating
    }

    public func needsFrame(before event: Event) -> Bool { needsDrawnScreen(event) }

    public func finishTurn() {
        eventsThisTurn = 0
        scheduler.runDue()
        render()
    }

    public var isIgnoringInteractionEvents: Bool { animator.isAnimating }

    /// A click waits behind a transition as keys do; a resize, Ctrl-Z and Ctrl-C do not: the
    /// frames composed so far have the old size, or the terminal is given away.
    public func interruptsWaiting(_ event: Event) -> Bool {
        if case .click = event.typed { false } else { needsDrawnScreen(event) }
    }

    public func endIgnoringInteractionEvents() { animator.finish() }

    /// An event handled on the screen as last drawn, never in the middle of a run of keys: a
    /// click, a resize, and the keys that give the terminal away or ask about quitting (Ctrl-Z,
    /// Ctrl-C), as the chain says.
    func needsDrawnScreen(_ event: Event) -> Bool {
        // A script's key as the app takes it: past the script's player.
        let scripted = if case .scriptKey = event { true } else { false }
        switch event.typed {
        case .click, .resize, .key(.release): return true
        case .key(let key):
            // Only a control key can be either; the chain is not made for every key typed ahead.
            guard case .control = key else { return false }
            return [.interrupt, .suspend].contains(responderChain(screen: currentScreen, withPlayer: !scripted).command(for: key)?.command.action)
        case .timer, .readable, .scriptKey: return false
        }
    }
}
