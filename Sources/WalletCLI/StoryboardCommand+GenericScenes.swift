import Catalog
import Navigation
import Storyboards

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

    /// Whether the file names one of the wallet's own classes as a scene's custom class: a
    /// storyboard written for the wallet, which `wallet --storyboard` runs, rather than one of an
    /// attendee's, which `storyboard run` runs with stand-ins.
    @MainActor
    static func namesWalletClasses(_ storyboard: StoryboardFileContents) -> Bool {
        guard let bytes = storyboard.bytes else { return true }
        return walletClasses().controllerClassNames.contains { contains(Array("customClass=\"\($0)\"".utf8), in: bytes) }
    }

    /// Whether the file names the `unwindActions` key path, or a storyboard beside it that does
    /// refers to it: the catalog's CatalogDetail.storyboard declares no action of its own, and
    /// checked with the wallet's classes it was an error advising Swift code for the wallet. An
    /// unreadable file is the wallet's to report.
    static func declaresGenericScenes(_ storyboard: StoryboardFileContents) -> Bool {
        guard let bytes = storyboard.bytes else { return false }
        let file = storyboard.path
        if namesUnwindActions(bytes) { return true }
        let directory = FileSystem.directoryPrefix(of: file)
        let fileName = FileSystem.lastComponent(of: file)
        let suffix = ".storyboard"
        let baseName = fileName.hasSuffix(suffix) ? String(fileName.dropLast(suffix.count)) : fileName
        let reference = Array("storyboardName=\"\(baseName)\"".utf8)
        // The siblings are read as the storyboards of a run are, within the same budget: in name
        // order, skipping what could not be a storyboard (not a regular file, over 16 MiB), and
        // ending at the run's limits.
        var budget = (files: StoryboardBudget.maximumFiles - 1, bytes: StoryboardBudget.maximumBytes - (storyboard.bytes?.count ?? 0))
        for sibling in FileSystem.entries(ofDirectory: directory.isEmpty ? "." : directory).sorted()
        where sibling.hasSuffix(suffix) && sibling != fileName {
            guard let size = FileSystem.regularFileSize(atPath: directory + sibling), size <= StoryboardFile.maximumSize else { continue }
            guard budget.files > 0, size <= budget.bytes else { break }
            budget.files -= 1
            budget.bytes -= size
            guard let bytes = try? StoryboardFile.contents(atPath: directory + sibling) else { continue }
            if namesUnwindActions(bytes) && contains(reference, in: bytes) { return true }
        }
        return false
    }

    private static let unwindActionsAttribute = Array("keyPath=\"\(RuntimeAttribute.unwindActionsKeyPath)\"".utf8)

    private static func namesUnwindActions(_ bytes: [UInt8]) -> Bool {
        contains(unwindActionsAttribute, in: bytes)
    }

    /// Whether `needle` occurs in `bytes`: a byte search, a file's length in time.
    private static func contains(_ needle: [UInt8], in bytes: [UInt8]) -> Bool {
        guard let first = needle.first, bytes.count >= needle.count else { return needle.isEmpty }
        return bytes.withUnsafeBufferPointer { haystack in
            needle.withUnsafeBufferPointer { needle in
                var index = 0
                let last = haystack.count - needle.count
                while index <= last {
                    if haystack[index] == first, UnsafeBufferPointer(rebasing: haystack[index..<index + needle.count]).elementsEqual(needle) {
                        return true
                    }
                    index += 1
                }
                return false
            }
        }
    }
}
