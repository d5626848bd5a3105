import Catalog
import Foundation
import Navigation

extension StoryboardCommand {
    /// The classes a storyboard is checked with: those of the command that runs it. One whose
    /// scenes declare their unwind actions (the `unwindActions` runtime attribute) is written for
    /// generic scenes, as the catalog is, and runs with `wallet catalog FILE`: it is checked with
    /// the catalog's classes, where a scene of no class of its own is a stand-in implementing
    /// what it declares. Any other is checked as `wallet --storyboard` runs it, with the wallet's.
    @MainActor
    static func classes(forStoryboardAt file: String) -> StoryboardClasses {
        declaresGenericScenes(file) ? CatalogApp.classes() : walletClasses()
    }

    /// Whether the file names the `unwindActions` key path; an unreadable file is the wallet's
    /// to report.
    static func declaresGenericScenes(_ file: String) -> Bool {
        guard let data = FileManager.default.contents(atPath: file) else { return false }
        return String(decoding: data, as: UTF8.self).contains("keyPath=\"\(RuntimeAttribute.unwindActionsKeyPath)\"")
    }
}
