import Foundation

/// The files in `Assets/`, bundled with the app: its storyboard lives here, where storyboard
/// authors find it, rather than among the Swift sources.
public enum WalletAssets {
    /// `Assets/Main.storyboard`, the storyboard the app runs by default.
    public static var mainStoryboard: URL {
        Bundle.module.url(forResource: "Main", withExtension: "storyboard")!
    }
}
