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

    public init(title: String? = nil) { self.title = title }
}
