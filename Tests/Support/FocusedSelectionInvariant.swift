import App
import Views

/// What must hold of every frame, whatever the keys and the terminal's size: a table with focus
/// shows its selected row (in part, when the row is taller than the table), so that the user
/// sees what Enter opens and where Down moves from.
@MainActor
public enum FocusedSelectionInvariant {
    /// What is wrong with the last frame the app drew, if anything; nil when that frame drew no
    /// screens (the terminal too small).
    public static func problem(in app: Application) -> String? {
        guard app.lastScreenFrame != nil, let screen = app.currentScreen,
              let table = app.focus.focus(on: screen)?.object as? TableView,
              let selected = table.indexPathForSelectedRow else { return nil }
        let shown = table.visibleRowFrames.map(\.indexPath)
        guard !shown.contains(selected) else { return nil }
        return "the focused table's selected row \(selected.row) is off screen (rows \(shown.map { String($0.row) }.joined(separator: ", ")) show)"
    }
}

@MainActor
extension ScreenRenderer.Frame {
    /// Whether the frame drew `object` (a bar item, a button, a text field, a table's rows) where
    /// a click presses it: the focused control must be on screen.
    public func hasClickTarget(for object: AnyObject) -> Bool {
        clickTargets.contains { target in
            switch target.kind {
            case .barItem(let item): item === object
            case .button(let button): button === object
            case .textField(let field): field === object
            case .row(let table, _): table === object
            case .tab: false
            }
        }
    }
}
