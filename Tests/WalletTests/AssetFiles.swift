import Foundation
import Wallet
import WalletAssets

/// The app embeds its storyboards and takes paths, not URLs, so that it links no Foundation. The
/// tests still name files by URL: here are the repository's `Assets/` files, which the embedded
/// storyboards are built from, and the options' storyboard as a URL.
extension WalletAssets {
    static let folder = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Assets")

    /// `Assets/Catalog.storyboard`, with `CatalogDetail.storyboard` beside it.
    static var catalogStoryboard: URL { folder.appendingPathComponent("Catalog.storyboard") }
}

extension WalletApp {
    /// `Assets/Main.storyboard`, the file the app's embedded storyboard is made from.
    static var mainStoryboardURL: URL { WalletAssets.folder.appendingPathComponent("Main.storyboard") }
}

extension WalletOptions {
    var storyboardURL: URL? {
        get { storyboardPath.map { URL(fileURLWithPath: $0) } }
        set { storyboardPath = newValue?.relativePath }
    }
}
