extension WalletAssets {
    /// `Assets/Catalog.storyboard`, the segue catalog `wallet catalog` runs. The storyboard it
    /// references (`CatalogDetail.storyboard`) is embedded beside it, where references are found.
    public static let catalogStoryboardPath = directory + "Catalog.storyboard"
}
