import Navigation
import Terminal

/// Something a click presses, where the last frame drew it: a bar button, a button (an alert's
/// too), a table's row, a text field. Only the screen on top has targets; a click anywhere else
/// (the dimmed screen under a sheet, a label, the margins) finds none and does nothing.
@MainActor
public struct ClickTarget {
    public enum Kind {
        case barItem(BarButtonItem)
        case button(Button)
        case row(TableView, IndexPath)
        case textField(TextField)
        /// A tab of a tab bar, by index.
        case tab(TabBarController, Int)
    }

    public let rect: Rect
    public let kind: Kind

    public init(rect: Rect, kind: Kind) {
        self.rect = rect
        self.kind = kind
    }
}
