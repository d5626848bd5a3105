import Navigation

/// The keys the footer shows for a screen, most useful first: what Enter and Esc do here,
/// the letters that press buttons, then moving and quitting. Each key as the binding table
/// writes it for the footer (`KeyBindings.hint`), with what it does on this screen.
@MainActor
package enum KeyHints {
    static func hints(for screen: Screen, focused: FocusTarget?) -> [String] {
        if let alert = screen.alert {
            var hints = [KeyBindings.hint(.press, in: .alert, "choose")]
            if let cancel = alert.cancelAction { hints.append(KeyBindings.hint(.cancel, in: .alert, cancel.title)) }
            if alert.messageScrolls { hints.append(KeyBindings.hint(.lineDown, in: .alert, "scroll")) }
            hints.append(KeyBindings.hint(.nextFocus, in: .alert, "next"))
            return hints
        }
        var hints: [String] = []
        let bar = screen.pane(for: focused)
        let editing = focused?.object is TextField
        if editing, let right = bar.rightItem { hints.append(KeyBindings.hint(.rightBarButton, in: .textField, right.displayTitle)) }
        if let table = focused?.object as? TableView {
            hints.append(KeyBindings.hint(.lineDown, in: .table, "move"))
            // Enter is named only where it does something: Contacts opens Amount, the wallet's
            // transactions do nothing when chosen.
            if table.selectingRowActs { hints.append(KeyBindings.hint(.openRow, in: .table, "open")) }
            if table.selectedRowHasAccessoryAction { hints.append(KeyBindings.hint(.rowAccessory, in: .table, "detail")) }
        }
        if focused?.object is TapGestureFocus { hints.append(KeyBindings.hint(.press, in: .screen, "tap")) }
        if let left = bar.leftItem { hints.append(KeyBindings.hint(.cancel, in: .screen, left.displayTitle)) }
        // As a tap outside a popover closes it on an iPad, and adapted to full screen too (Application+Keys).
        else if screen.container.modalPresentationStyle == .popover { hints.append(KeyBindings.hint(.closePopover, in: .containers, "close")) }
        if !editing {
            for (key, button) in screen.mnemonics { hints.append("\(key) \(button.title ?? "")") }
            // A key that is the whole title (`+`) says what the item is (`+ add`).
            if let right = bar.rightItem, let key = screen.mnemonic(of: right) {
                hints.append("\(key) " + (right.displayTitle == String(key) ? right.systemItem?.rawValue ?? right.displayTitle : right.displayTitle))
            }
        }
        if screen.tabBarController(for: focused) != nil {
            hints.append(KeyBindings.hint(.nextTab, in: .containers, "tab"))
        } else if screen.pageViewController(for: focused) != nil {
            hints.append(KeyBindings.hint(.nextTab, in: .containers, "page"))
        }
        if otherPaneTakesFocus(screen, focused: focused) { hints.append(KeyBindings.hint(.otherColumn, in: .containers, "column")) }
        hints.append(KeyBindings.hint(.nextFocus, in: .screen, "focus"))
        hints.append(editing ? KeyBindings.hint(.interrupt, in: .anywhere, "quit") : KeyBindings.hint(.quit, in: .screen, "quit"))
        hints.append(KeyBindings.hint(.help, in: .screen, "keys"))
        // Last, shown where there is room: the workshop's inspector, which F1 lists too.
        hints.append(KeyBindings.hint(.toggleInspector, in: .inspector, "inspector"))
        return hints
    }

    /// Whether Ctrl-O has somewhere to go: another pane with a focus stop. An embedded child
    /// of labels only (the catalog's Embed tab) is a pane Ctrl-O cannot focus.
    private static func otherPaneTakesFocus(_ screen: Screen, focused: FocusTarget?) -> Bool {
        let panes = screen.panes
        guard panes.count > 1 else { return false }
        let current = screen.pane(for: focused).controller
        return panes.contains { $0.controller !== current && !FocusEngine().targets(on: $0).isEmpty }
    }

    /// The help's text for the app in `window`: the containers' keys after the others, only when
    /// the window has a tab bar or a split view, so that the wallet's help still fits an 80x24
    /// terminal whole. Short lines, so the list keeps its columns on a small terminal, and
    /// words rather than arrows, so it reads the same on an ASCII one.
    package static func reference(for window: Window, help: KeysHelp) -> String {
        func hasContainer(_ controller: ViewController) -> Bool {
            controller is TabBarController || controller is SplitViewController || controller is PageViewController
                || controller.children.contains(where: hasContainer)
        }
        return KeyBindings.reference(for: help, containers: window.presentationStack.contains(where: hasContainer))
    }
}
