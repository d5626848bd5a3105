/// What a controller shows in the navigation bar when it is on top of a navigation stack.
@MainActor
public final class NavigationItem {
    public enum LargeTitleDisplayMode: String, Sendable { case automatic, always, never }

    public var title: String?
    public var prompt: String?
    public var leftBarButtonItem: BarButtonItem?
    public var rightBarButtonItem: BarButtonItem?
    /// The title of the Back button that controllers pushed above this one show.
    public var backButtonTitle: String?
    public var hidesBackButton = false
    public var largeTitleDisplayMode: LargeTitleDisplayMode = .automatic
    /// The Back item the navigation controller made for this controller, kept so that focus
    /// stays on the same item from frame to frame.
    var backItem: BarButtonItem?

    public init(title: String? = nil) { self.title = title }
}
