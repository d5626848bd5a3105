import Terminal
import Views

/// Where the inspector goes on a terminal of a given size: beside the app when the app can keep
/// `appMinimumWidth` columns next to a panel of `panelMinimumWidth`, over the app's right side
/// otherwise.
public struct InspectorLayout: Hashable, Sendable {
    /// The columns the app keeps beside the panel: the width below which presented screens
    /// would take the whole terminal.
    public static let appMinimumWidth = 60
    /// The narrowest side panel: the longest names of the wallet (`NavigationController (root
    /// "Contacts")` indented under "asked") fit on one row.
    public static let panelMinimumWidth = 36
    /// The widest side panel: more only moves the app's content apart.
    public static let panelMaximumWidth = 60

    public enum Placement: Hashable, Sendable {
        case side
        case overlay
    }

    public let placement: Placement
    /// The size the app is drawn at, from the top-left corner.
    public let appSize: Size
    /// The panel, its frame included (the separator on its left, or the box around it).
    public let panel: Rect

    public init(size: Size) {
        let width = min(Self.panelMaximumWidth, max(Self.panelMinimumWidth, size.width * 2 / 5), size.width - Self.appMinimumWidth - 1)
        if width >= Self.panelMinimumWidth {
            placement = .side
            appSize = Size(width: size.width - width - 1, height: size.height)
            // The bottom row stays the status line of the whole terminal: the app's keys on the
            // left, and room on the right for a note such as --play's.
            panel = Rect(x: appSize.width, y: 0, width: width + 1, height: max(0, size.height - 1))
        } else {
            placement = .overlay
            appSize = size
            // The app's footer row stays visible: it says which keys work.
            let overlayWidth = min(size.width, max(Self.panelMinimumWidth, size.width * 11 / 20))
            panel = Rect(x: size.width - overlayWidth, y: 0, width: overlayWidth, height: max(0, size.height - 1))
        }
    }
}
