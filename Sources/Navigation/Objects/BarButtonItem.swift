/// A button in a navigation bar, as `UIBarButtonItem`: a title or a system item, and the
/// actions and segues the storyboard connected to it.
@MainActor
public final class BarButtonItem {
    /// The system items a storyboard names with `systemItem`, with the titles iOS shows.
    public enum SystemItem: String, Sendable {
        case done, cancel, edit, save, add, compose, reply, action, organize, bookmarks, search
        case refresh, stop, camera, trash, play, pause, rewind, fastForward, undo, redo, close
        /// Blank room between items, in toolbars: drawn as a gap, never focused.
        case flexibleSpace, fixedSpace
        case pageCurl

        public var title: String {
            switch self {
            case .add: return "+"
            case .fastForward: return "Fast Forward"
            case .pageCurl: return "Page Curl"
            default: return rawValue.prefix(1).uppercased() + rawValue.dropFirst()
            }
        }
    }

    public var title: String?
    public let systemItem: SystemItem?
    /// The name of the item's image, for items with no title: the terminal shows the name.
    public var imageName: String?
    public var isEnabled = true
    public let connections = Connections()
    /// Its menu (iOS 14): a tap opens it when the item has no action of its own.
    public var menu: Menu?
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

    /// Whether the item is blank room between others rather than a button.
    public var isSpace: Bool { systemItem == .flexibleSpace || systemItem == .fixedSpace }

    /// The text the bar shows. An item with only an image shows the image's name (`gear`,
    /// `square.and.arrow.up`), which is what its author named it for: a terminal draws no image,
    /// and an item with no text would be focusable but invisible. An item with nothing at all
    /// (a custom view) shows a bullet.
    public var displayTitle: String {
        if isSpace { return "" }
        if let title, !title.isEmpty { return title }
        return systemItem?.title ?? imageName ?? "•"
    }

    /// Does what a tap does: the item's actions and segues, if it is enabled.
    public func sendActions() {
        guard isEnabled else { return }
        if let handler { handler() } else { connections.fire(sender: self) }
    }
}
