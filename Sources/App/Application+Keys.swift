import Navigation
import Terminal
import Views

/// Where a key goes: through the binding table (`KeyBindings`), scope by scope, to the control
/// or the container that does it; and where a click goes.
///
/// Tabs: Ctrl-N and Ctrl-P select the next and previous tab anywhere, a text field included,
/// as no field takes control keys; the digits 1 to 9 select a tab by number when no text field
/// has focus (a field types them). Split view: Ctrl-O moves focus to the other column's first
/// stop (Tab already walks through both columns' stops in reading order). Popover: Esc closes
/// one that has no Cancel or Back of its own.
extension Application {
    /// Routes a key through the binding table (`KeyBindings`), scope by scope, to what it does.
    public func handle(_ key: Key) {
        if key != .resize { statusLine?.clear() }
        overlay.keyPressed(key)
        switch key {
        case .resize:
            renderer.invalidate()
            return
        case .click(let point):
            click(at: point)
            return
        default:
            break
        }
        switch KeyBindings.command(for: key, in: .anywhere) {
        case .interrupt?:
            requestQuit(interrupting: true)
            return
        case .suspend?:
            // As in vim and less; the screen comes back whole, at the size the terminal has then.
            backend.suspend()
            renderer.invalidate()
            return
        case .restart?, .rewind?:
            // F5, one key from F6, would throw a live demo away with no way back (issue 32), and so
            // would F4 with no script: with no script playing and the app moved since launch, the
            // first asks, the same key again starts over.
            if asksBeforeRestart, hasNavigated, restartAsked != key {
                restartAsked = key
                let name = key == .function(4) ? "F4" : "F5"
                show(notice: "\(name) again starts over as launched, and what was done since is lost; any other key goes on")
                return
            }
            // Which of the two it was is the script's business (`ScriptHistory`): either way
            // the app is launched again, and `Stage` replays what brings it to where it goes.
            requestRelaunch()
            return
        default:
            if restartAsked != nil {
                restartAsked = nil
                overlay.notice = nil
            }
        }
        if layers.contains(where: { $0.handle(key, in: self) }) { return }
        // While the terminal is too small the screens cannot be seen, so keys must not act on
        // them: only quitting works until the terminal grows again.
        guard let screen = currentScreen, !isTooSmall else {
            if KeyBindings.command(for: key, in: .screen) == .quit { requestQuit() }
            return
        }
        if let alert = screen.alert {
            KeyBindings.command(for: key, in: .alert).map { handleAlert($0, alert: alert, screen: screen) }
            return
        }
        let focused = focus.focus(on: screen)
        if let command = KeyBindings.command(for: key, in: .containers), handleContainerCommand(command, key: key, screen: screen, focused: focused) {
            return
        }
        if let view = focused?.object as? Focusable, handleFocused(key, view: view, screen: screen) { return }
        switch KeyBindings.command(for: key, in: .screen) {
        case .cancel?:
            screen.pane(for: focused).leftItem?.sendActions()
        case .nextFocus?:
            focus.move(on: screen, forward: true)
        case .previousFocus?:
            focus.move(on: screen, forward: false)
        case .press?:
            if case .barItem(let item)? = focused { item.sendActions() }
        case .help?:
            showHelp()
        case .quit?:
            requestQuit()
        case .mnemonic?:
            guard case .character(let letter) = key else { return }
            if let mnemonic = screen.mnemonics.first(where: { String($0.key) == letter.lowercased() }) {
                focus.setFocus(.view(mnemonic.button), on: screen)
                mnemonic.button.sendActions()
            } else if let right = screen.pane(for: focused).rightItem, let key = screen.mnemonic(of: right), String(key) == letter.lowercased() {
                right.sendActions()
            }
        default:
            break
        }
    }

    /// Keys the focused view takes first; a text field keeps printable keys (so `q` types a q),
    /// and Enter in it presses the screen's right bar button, as Return does on iOS forms.
    private func handleFocused(_ key: Key, view: Focusable, screen: Screen) -> Bool {
        if view is TextField, KeyBindings.command(for: key, in: .textField) == .rightBarButton {
            screen.pane(containing: view).rightItem?.sendActions()
            return true
        }
        return view.handle(key)
    }

    private func handleAlert(_ command: KeyCommand, alert: AlertController, screen: Screen) {
        let focused = focus.focus(on: screen)
        switch command {
        case .cancel:
            alert.chooseCancel()
        // A message longer than the alert scrolls; Left, Right and Tab still move between buttons.
        case .lineUp where alert.messageScrolls: alert.scrollMessage(by: -1)
        case .lineDown where alert.messageScrolls: alert.scrollMessage(by: 1)
        case .pageUp: alert.scrollMessage(by: -alert.messagePageLines)
        case .pageDown: alert.scrollMessage(by: alert.messagePageLines)
        case .top: alert.scrollMessage(by: -alert.messageLineCount)
        case .bottom: alert.scrollMessage(by: alert.messageLineCount)
        case .nextFocus, .lineDown:
            focus.move(on: screen, forward: true)
        case .previousFocus, .lineUp:
            focus.move(on: screen, forward: false)
        case .press:
            (focused?.object as? Button)?.sendActions()
        default:
            // Not even q: an alert asks something, and a stray q must not end the app instead.
            break
        }
    }

    /// Does a container's command on the screen on top; false when it has nothing to do there
    /// (no tab bar, no such tab, no other column, a popover with a Back of its own).
    func handleContainerCommand(_ command: KeyCommand, key: Key, screen: Screen, focused: FocusTarget?) -> Bool {
        switch command {
        case .nextTab, .previousTab:
            // A page view controller turns its pages with the same keys, as a swipe would.
            if screen.tabBarController(for: focused) == nil, let pages = screen.pageViewController(for: focused) {
                pages.turnPage(forward: command == .nextTab)
                return true
            }
            guard let tabBar = screen.tabBarController(for: focused), !tabBar.viewControllers.isEmpty else { return false }
            let count = tabBar.viewControllers.count
            tabBar.selectedIndex = (tabBar.selectedIndex + (command == .nextTab ? 1 : count - 1)) % count
            return true
        case .selectTab:
            // A text field types digits.
            guard !(focused?.object is TextField), case .character(let digit) = key, let number = digit.wholeNumberValue,
                  let tabBar = screen.tabBarController(for: focused), number <= tabBar.viewControllers.count else { return false }
            tabBar.selectedIndex = number - 1
            return true
        case .closePopover:
            // As a tap outside a popover closes it on an iPad; adapted to full screen in a compact
            // width, where UIKit leaves no way out unless its content has one, the same key
            // closes it, so that nobody is stranded (without the unwind: nothing is sent back).
            guard screen.container.modalPresentationStyle == .popover, screen.pane(for: focused).leftItem == nil else { return false }
            screen.container.dismiss(animated: true)
            return true
        case .otherColumn:
            let panes = screen.panes
            guard panes.count > 1 else { return false }
            let current = panes.firstIndex { $0.controller === screen.pane(for: focused).controller } ?? 0
            for step in 1..<panes.count {
                let pane = panes[(current + step) % panes.count]
                if let first = focus.targets(on: pane).first {
                    focus.setFocus(first, on: screen)
                    return true
                }
            }
            return true
        default:
            return false
        }
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
            item.sendActions()
        case .button(let button):
            guard button.isEnabled else { return }
            focus.setFocus(.view(button), on: screen)
            button.sendActions()
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
