import Navigation

/// The keys the footer shows for a screen, most useful first: what Enter and Esc do here,
/// the letters that press buttons, then moving and quitting.
@MainActor
package enum KeyHints {
    static func hints(for screen: Screen, focused: FocusTarget?) -> [String] {
        if let alert = screen.alert {
            var hints = ["Enter choose"]
            if let cancel = alert.cancelAction { hints.append("Esc \(cancel.title)") }
            if alert.messageScrolls { hints.append("↑/↓ scroll") }
            hints.append("Tab next")
            return hints
        }
        var hints: [String] = []
        let bar = screen.pane(for: focused)
        let editing = focused?.object is TextField
        if editing, let right = bar.rightItem { hints.append("Enter \(right.displayTitle)") }
        if let table = focused?.object as? TableView {
            hints.append("↑/↓ move")
            // Enter is named only where it does something: Contacts opens Amount, the wallet's
            // transactions do nothing when chosen.
            if table.selectingRowActs { hints.append("Enter open") }
            if table.selectedRowHasAccessoryAction { hints.append("→ detail") }
        }
        if focused?.object is TapGestureFocus { hints.append("Enter tap") }
        if let left = bar.leftItem { hints.append("Esc \(left.displayTitle)") }
        // As a tap outside a popover closes it on an iPad (Application+Containers).
        else if screen.container.adaptivePresentationStyle == .popover { hints.append("Esc close") }
        if !editing {
            for (key, button) in screen.mnemonics { hints.append("\(key) \(button.title ?? "")") }
        }
        if screen.tabBarController(for: focused) != nil { hints.append("^N/^P tab") }
        if otherPaneTakesFocus(screen, focused: focused) { hints.append("^O column") }
        hints.append("Tab focus")
        hints.append(editing ? "Ctrl-C quit" : "q quit")
        hints.append("F1 keys")
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
            controller is TabBarController || controller is SplitViewController || controller.children.contains(where: hasContainer)
        }
        return KeyBindings.reference(for: help, containers: window.presentationStack.contains(where: hasContainer))
    }
}
