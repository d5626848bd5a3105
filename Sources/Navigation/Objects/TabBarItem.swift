import Storyboards

/// The item a tab bar shows for one tab, as `UITabBarItem`: read from the scene's
/// `<tabBarItem key="tabBarItem" title="…">`.
@MainActor
public final class TabBarItem {
    public var title: String?
    /// The image's name in the asset catalog; the terminal shows the title.
    public var imageName: String?
    public var tag: Int
    /// A system item (`systemItem="favorites"`), whose title iOS gives.
    public var systemItem: String?
    public var badgeValue: String?

    public init(title: String?, imageName: String? = nil, tag: Int = 0) {
        self.title = title
        self.imageName = imageName
        self.tag = tag
    }

    /// The words a tab shows: the title, or the system item's name in words.
    public var displayTitle: String {
        if let title, !title.isEmpty { return title }
        if let systemItem { return ElementNames.described(systemItem).capitalizedFirst }
        // A tab with only an image (an SF Symbol, often) is named by it, as bar items are.
        return imageName ?? ""
    }
}

private extension String {
    var capitalizedFirst: String { prefix(1).uppercased() + dropFirst() }
}
