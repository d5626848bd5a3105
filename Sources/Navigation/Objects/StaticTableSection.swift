/// A section of a table whose cells the storyboard holds ("Static Cells" in Interface Builder,
/// `dataMode="static"`): its titles and its cells, made once with the scene's view, as UIKit
/// makes them. The cells' segues and outlets are the scene's, like any of its views'.
@MainActor
public struct StaticTableSection {
    public let headerTitle: String?
    public let footerTitle: String?
    public let cells: [View]

    public init(headerTitle: String?, footerTitle: String?, cells: [View]) {
        self.headerTitle = headerTitle
        self.footerTitle = footerTitle
        self.cells = cells
    }
}

/// A view that shows a storyboard's static sections, as a table view with static content does.
@MainActor
public protocol StaticSectionsHolding: AnyObject {
    func setStaticSections(_ sections: [StaticTableSection])
}
