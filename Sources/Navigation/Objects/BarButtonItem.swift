/// A button in a navigation bar, as `UIBarButtonItem`: a title or a system item, and the
/// actions and segues the storyboard connected to it.
@MainActor
public final class BarButtonItem {
    /// The system items a storyboard names with `systemItem`, with the titles iOS shows.
    public enum SystemItem: String, Sendable {
        case done, cancel, edit, save, add, compose, reply, action, organize, bookmarks, search
        case refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, close

        public var title: String {
            switch self {
            case .add: return "+"
            case .fastForward: return "Fast Forward"
            default: return rawValue.prefix(1).uppercased() + rawValue.dropFirst()
            }
        }
    }

    public var title: String?
    public let systemItem: SystemItem?
    public var isEnabled = true
    public let connections = Connections()
    /// What firing does instead of the connections, for items the engine makes itself (Back).
    var handler: (@MainActor () -> Void)?

    public init(title: String?, systemItem: SystemItem? = nil) {
        self.title = title
        self.systemItem = systemItem
    }

    public init(systemItem: SystemItem) {
        self.title = nil
        self.systemItem = systemItem
    }

    /// The text the bar shows.
    public var displayTitle: String { title ?? systemItem?.title ?? "" }

    /// Does what a tap does: the item's actions and segues, if it is enabled.
    public func sendActions() {
        guard isEnabled else { return }
        if let handler { handler() } else { connections.fire(sender: self) }
    }
}
