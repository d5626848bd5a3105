import Foundation

extension WalletAssets {
    /// `Assets/Catalog.storyboard`, the segue catalog `wallet catalog` runs. The storyboards it
    /// references (`CatalogDetail.storyboard`) are bundled beside it, where references are found.
    public static var catalogStoryboard: URL {
        Bundle.module.url(forResource: "Catalog", withExtension: "storyboard")!
    }
}
