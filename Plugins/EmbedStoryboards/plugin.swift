import Foundation
import PackagePlugin

/// Embeds the storyboards of a target's folder (`Assets/*.storyboard`), and the exercises of
/// `Assets/Exercises/`, in its module as string constants, at build time: the app then carries its storyboards inside the binary, with no
/// resource bundle beside it and no `Bundle.module` (whose accessor imports Foundation), while
/// `Assets/` stays the one place storyboards are edited. Nothing generated is committed.
@main
struct EmbedStoryboards: BuildToolPlugin {
    /// The folder of the one target it serves, WalletAssets (Target.directoryURL needs tools 6.1).
    static let folder = "Assets"

    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let storyboards = try FileManager.default
            .contentsOfDirectory(at: context.package.directoryURL.appendingPathComponent(Self.folder), includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "storyboard" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        // `wallet exercises`' exercises: every file under Assets/Exercises, by its path there.
        let exercisesFolder = context.package.directoryURL.appendingPathComponent(Self.folder).appendingPathComponent("Exercises")
        var exercises: [URL] = []
        if let walker = FileManager.default.enumerator(at: exercisesFolder, includingPropertiesForKeys: [.isRegularFileKey]) {
            for case let url as URL in walker where (try? url.resourceValues(forKeys: [.isRegularFileKey]))?.isRegularFile == true {
                exercises.append(url)
            }
        }
        exercises.sort { $0.path < $1.path }
        let output = context.pluginWorkDirectoryURL.appendingPathComponent("EmbeddedStoryboards.swift")
        return [.buildCommand(
            displayName: "Embedding \(storyboards.count) storyboards and \(exercises.count) exercise files in \(target.name)",
            executable: try context.tool(named: "EmbedStoryboardsTool").url,
            arguments: [output.path] + storyboards.map(\.path) + ["--exercises", exercisesFolder.path] + exercises.map(\.path),
            inputFiles: storyboards + exercises,
            outputFiles: [output]
        )]
    }
}
