import Navigation
import Terminal
import Views

/// Where a key goes: up the responder chain (`responderChain`), from the focused control to the
/// app, to the first command that takes it and whose action a responder can perform now
/// (`ResponderChain.send`). The chain, and so what each key does, is made again for each key,
/// or taken from the frame drawn since the last one (`frameChain`), which made it for its footer.
///
/// Tabs: Ctrl-N and Ctrl-P select the next and previous tab anywhere, a text field included,
/// as no field takes control keys; the digits 1 to 9 select a tab by number when no text field
/// has focus (a field types them). Split view: Ctrl-O moves focus to the other column's first
/// stop (Tab already walks through both columns' stops in reading order). Popover: Esc closes
/// one that has no Cancel or Back of its own.
extension Application {
    /// Handles an input: a resize draws everything again, a click presses what it lands on,
    /// and a key goes up the responder chain.
    public func handle(_ key: Key) { handle(key, fromScript: false) }

    /// Handles `key`, a key of the script playing (`Event.scriptKey`) when `fromScript`: that
    /// goes up the chain as typed, past the script's player.
    func handle(_ key: Key, fromScript: Bool) {
        // The chain of the frame on screen, which this key is about to change.
        // (The frame's chain has the script's player first: not the chain of the script's keys.)
        let chain = fromScript && scriptPlayer != nil ? nil : frameChain
        frameChain = nil
        if key != .resize { statusLine?.clear() }
        overlay.keyPressed(key)
        room?.keyPressed(key)
        switch key {
        case .resize:
            renderer.invalidate()
            // The app is at the terminal's new size from now on, drawn or not, and so are its
            // size classes: what a key presents next is resolved for them (a sheet in a short
            // terminal is full screen).
            drawnSize = nil
            updateSizeClass(layoutSize)
            return
        case .click(let point):
            // A click goes up the chain first, where a script playing ignores it.
            if !fromScript, scriptPlayer != nil, responderChain().send(key) { return }
            endPull(at: nil)
            click(at: point)
            return
        case .release(let point):
            endPull(at: point)
            return
        default:
            // A drag whose release never came (a terminal that reports none): let go, as before
            // any other key.
            endPull(at: nil)
        }
        // F4 and F5 ask before starting over only while they are the last key (`perform`).
        askedRestart = restartAsked
        if restartAsked != nil {
            restartAsked = nil
            overlay.notice = nil
        }
        (checked(chain) ?? responderChain(screen: currentScreen, withPlayer: !fromScript)).send(key)
    }

    /// The frame's chain, checked in debug builds (every test that presses a key; our targets
    /// are built with -O there, hence `precondition`, not `assert`) against the
    /// chain made now: a difference is a change of state that did not drop it.
    private func checked(_ chain: ResponderChain?) -> ResponderChain? {
        #if DEBUG
        if let chain {
            precondition(chain.hasSameMakeup(as: responderChain()), "The frame's responder chain is not the state's: what changed it must drop it (frameChain)")
        }
        #endif
        return chain
    }

    /// The chain a key goes up now: the screen on top's (its focused control, the tab bar or
    /// page view controller around it, the screen or its alert), then the layers that respond
    /// (the inspector), then the app. A layer that holds the keys (the inspector zoomed, or a
    /// segue paused) leaves the screens out; so does a terminal too small to show them.
    public func responderChain() -> ResponderChain { responderChain(screen: currentScreen) }

    /// The chain with `screen` on top (the one a frame is drawing, whose panes it has found).
    /// A script playing (`scriptPlayer`) comes first, unless `withPlayer` is false: for the
    /// script's own keys.
    func responderChain(screen: Screen?, withPlayer: Bool = true) -> ResponderChain {
        var first: [any Responder] = withPlayer ? scriptPlayer.map { [$0] } ?? [] : []
        var above: [any Responder] = []
        // A question's panel over an attendee's app comes first while it shows: its letters win
        // over a text field's, and the key that closes a revealed answer does nothing else (issue 47).
        let roomFirst = room.flatMap { $0.role != .presenter && $0.question != nil ? $0 : nil }
        if let roomFirst { first.append(roomFirst) }
        for layer in layers where roomFirst == nil || (layer as AnyObject) !== roomFirst {
            if let responder = layer.responder { above.append(responder) }
        }
        above.append(asResponder)
        guard let screen, !isTooSmall, !layers.contains(where: \.holdsKeys) else { return ResponderChain(first + above) }
        return ResponderChain(screen: screen, focus: focus, first: first, above: above)
    }
}

/// The app in the chain, held unowned: the app keeps the chain of its last frame
/// (`frameChain`), which must not keep the app.
final class ApplicationResponder: Responder {
    unowned let app: Application

    init(_ app: Application) { self.app = app }

    var keyCommands: [KeyCommand] { app.keyCommands }
    func title(for command: KeyCommand) -> String { app.title(for: command) }
    func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool { app.canPerformAction(action, withSender: sender) }
    func perform(_ action: KeyAction, withSender sender: Key) { app.perform(action, withSender: sender) }
}

/// The app, last in the chain: Ctrl-C, Ctrl-Z, F4 and F5 anywhere, and what the screens pass
/// up for it to do: q quits, F1 lists the keys in effect.
extension Application: Responder {
    public var keyCommands: [KeyCommand] {
        // While the terminal is too small the screens cannot be seen, so keys must not act on
        // them: only quitting works until the terminal grows again.
        isTooSmall ? Self.commandsWhenTooSmall : Self.commands
    }

    private static let commands = KeyBindings.commands(in: .anywhere, priority: true)
    private static let commandsWhenTooSmall = commands + KeyBindings.commands(in: .screen, sending: [.quit])

    public func title(for command: KeyCommand) -> String { command.action == .interrupt ? "quit" : "" }

    public func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool {
        switch action {
        case .interrupt, .suspend, .restart, .rewind, .quit, .help: true
        default: false
        }
    }

    public func perform(_ action: KeyAction, withSender sender: Key) {
        switch action {
        case .interrupt: requestQuit(interrupting: true)
        case .suspend:
            // As in vim and less; the screen comes back whole, at the size the terminal has then.
            backend.suspend()
            renderer.invalidate()
        case .restart, .rewind:
            // F5, one key from F6, would throw a live demo away with no way back (issue 32), and so
            // would F4 with no script: with no script playing and the app moved since launch, the
            // first asks, the same key again starts over.
            if asksBeforeRestart, hasNavigated, askedRestart != sender {
                restartAsked = sender
                let name = action == .rewind ? "F4" : "F5"
                show(notice: "\(name) again starts over as launched, and what was done since is lost; any other key goes on")
                return
            }
            // Which of the two it was is the script's business (`ScriptHistory`): either way
            // the app is launched again, and `Stage` replays what brings it to where it goes.
            requestRelaunch()
        case .quit: requestQuit()
        case .help: showHelp()
        default: break
        }
    }
}

extension Application {
    /// The mouse let go at `point` (nil: a key came first): a pull of at least a third of the
    /// card's height dismisses the sheet, a shorter one lets it spring back, as on iOS.
    func endPull(at point: Point?) {
        guard let started = pull else { return }
        pull = nil
        let distance = point.map { $0.y - started.from } ?? 0
        window.endPullDown(dismissing: distance * 3 >= started.cardHeight)
    }

    /// A click of the mouse's first button at `point` (`Key.click`): on the screen on top, a bar
    /// button sends its actions, a button is pressed, a row is selected and opened as Enter
    /// opens it, a text field takes focus; an alert's buttons are pressed. Anywhere else it
    /// does nothing. The targets are those of the frame the user sees: drawn again here, at the
    /// size the app is drawn (`screenArea`, or the whole terminal as the last frame had it), from
    /// the same state.
    func click(at point: Point) {
        guard let (layersArea, covered) = clickableArea(in: drawnSize ?? backend.size), covered?.contains(point) != true else { return }
        let area = screenArea ?? layersArea
        guard let screen = currentScreen, area.contains(point),
              area.width >= ScreenRenderer.minimumSize.width, area.height >= ScreenRenderer.minimumSize.height else { return }
        let frame = ScreenRenderer(theme: theme).render(window, size: area.size, focus: focus)
        let inside = Point(x: point.x - area.x, y: point.y - area.y)
        // A press on the sheet's top edge takes its grabber: the pull begins (or is refused).
        if let grabber = frame.grabber, grabber.contains(inside), let card = frame.levelRects.last {
            if window.beginPullDown() { pull = (from: point.y, cardHeight: card.height) }
            return
        }
        if screen.isMenu, let menu = frame.levelRects.last, !menu.contains(inside) {
            // As a tap outside a menu closes it, and goes no further.
            window.menuLevel = nil
            return
        }
        if screen.alert == nil, screen.container.adaptivePresentationStyle == .popover,
           let popover = frame.levelRects.last, !popover.contains(inside) {
            // As a tap outside a popover dismisses it on an iPad, and goes no further.
            screen.container.dismiss(animated: true)
            return
        }
        // The last drawn is on top where targets overlap (a row's button over the row).
        guard let target = frame.clickTargets.last(where: { $0.rect.contains(inside) }) else { return }
        switch target.kind {
        case .barItem(let item):
            guard item.isEnabled else { return }
            item.performPrimaryAction(in: screen)
        case .button(let button):
            guard button.isEnabled else { return }
            focus.setFocus(.view(button), on: screen)
            button.performPrimaryAction()
        case .textField(let field):
            guard field.canBecomeFocused else { return }
            focus.setFocus(.view(field), on: screen)
        case .tab(let tabBar, let index):
            tabBar.selectedIndex = index
        case .row(let table, let indexPath):
            focus.setFocus(.view(table), on: screen)
            table.selectRow(at: indexPath, animated: false)
            if table.selectingRowActs { table.activateSelectedRow() }
        }
    }
}
