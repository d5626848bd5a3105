/// The storyboards in `Assets/`, embedded in the app at build time (the EmbedStoryboards plugin):
/// they live here, where storyboard authors find them, rather than among the Swift sources, and the
/// binary needs no resource bundle beside it.
public enum WalletAssets {
    /// Where the embedded storyboards are said to be: each is known by the path the repository
    /// gives it (`Assets/Main.storyboard`), which is how their references find one another.
    public static let directory = "Assets/"

    /// `Assets/Main.storyboard`, the storyboard the app runs by default.
    public static let mainStoryboardPath = directory + "Main.storyboard"

    /// The embedded storyboards by path (`Assets/Main.storyboard`), as `Storyboard(path:of:…)` takes them.
    public static var files: [String: [UInt8]] {
        var files: [String: [UInt8]] = [:]
        for (name, text) in embeddedFiles { files[directory + name] = Array(text.utf8) }
        return files
    }

    /// The text of the embedded storyboard at `path` (`Assets/Main.storyboard`); nil for another path.
    public static func text(atPath path: String) -> String? {
        guard path.hasPrefix(directory) else { return nil }
        return embeddedFiles[String(path.dropFirst(directory.count))]
    }

    /// The files of `Assets/Exercises/` (`wallet exercises`), by their path there
    /// (`01-cancel/exercise.yaml`).
    public static var exercises: [String: String] { embeddedExercises }
}
