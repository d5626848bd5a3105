import Catalog
import Navigation

extension StoryboardCommand {
    /// The classes a storyboard is checked with: those of the command that runs it. One whose
    /// scenes declare their unwind actions (the `unwindActions` runtime attribute) is written for
    /// generic scenes, as the catalog is, and runs with `wallet catalog FILE`: it is checked with
    /// the catalog's classes, where a scene of no class of its own is a stand-in implementing
    /// what it declares. Any other is checked as `wallet --storyboard` runs it, with the wallet's.
    @MainActor
    static func classes(for file: StoryboardFileContents) -> StoryboardClasses {
        declaresGenericScenes(file) ? CatalogApp.classes() : walletClasses()
    }

    /// Whether the file names the `unwindActions` key path, or a storyboard beside it that does
    /// refers to it: the catalog's CatalogDetail.storyboard declares no action of its own, and
    /// checked with the wallet's classes it was an error advising Swift code for the wallet. An
    /// unreadable file is the wallet's to report.
    static func declaresGenericScenes(_ storyboard: StoryboardFileContents) -> Bool {
        guard let text = storyboard.text else { return false }
        let file = storyboard.path
        if namesUnwindActions(text) { return true }
        let directory = FileSystem.directoryPrefix(of: file)
        let fileName = FileSystem.lastComponent(of: file)
        let suffix = ".storyboard"
        let baseName = fileName.hasSuffix(suffix) ? String(fileName.dropLast(suffix.count)) : fileName
        let reference = "storyboardName=\"\(baseName)\""
        let siblings = FileSystem.entries(ofDirectory: directory.isEmpty ? "." : directory)
        return siblings.contains { sibling in
            guard sibling.hasSuffix(suffix), sibling != fileName,
                  let text = contents(of: directory + sibling) else { return false }
            return namesUnwindActions(text) && text.contains(reference)
        }
    }

    private static func contents(of file: String) -> String? {
        FileSystem.contents(atPath: file).map { String(decoding: $0, as: UTF8.self) }
    }

    private static func namesUnwindActions(_ text: String) -> Bool {
        text.contains("keyPath=\"\(RuntimeAttribute.unwindActionsKeyPath)\"")
    }
}
