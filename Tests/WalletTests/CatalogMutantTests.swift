@testable import App
import Foundation
import Navigation
@testable import Storyboards
import Terminal
import TestSupport
import Testing
@testable import Views
import WalletAssets

/// Any storyboard given to `wallet storyboard run` ends in a clear refusal or in a running app,
/// with the containers of issue 7 too: seeded mutants of the catalog (a tab bar, a split view,
/// popovers, an embed, current context, a storyboard reference, runtime attributes, a custom
/// container and segue), run without their code as `storyboard run` runs them, each either
/// refused with every problem on its line, or loaded and driven through every tab, never a crash.
/// A soak: `Soak`.
@MainActor
@Suite("Catalog mutants")
struct CatalogMutantTests {
    static let defaultMutants = 60
    static let size = Size(width: 110, height: 16)
    /// Every tab and most of its buttons, a resize across the regular width and back between.
    static let keys = "1<tab><enter>2ssrn<esc>3m<esc>pc<esc>4fso<esc>u5<tab><enter>6<c-n><c-p><enter><esc>"

    @Test("Seeded mutants of Catalog.storyboard, run with stand-ins, each end in errors with lines, or load and run every tab without a crash")
    func mutantsEndInErrorsOrARunningApp() throws {
        let seeds = Soak(defaultSteps: Self.defaultMutants, firstSeed: 0).seeds
        let mutator = StoryboardMutator(Array(try Data(contentsOf: WalletAssets.catalogStoryboard)))
        // The reference to CatalogDetail.storyboard resolves beside the mutant.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("CatalogMutants-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let detail = WalletAssets.catalogStoryboard.deletingLastPathComponent().appendingPathComponent("CatalogDetail.storyboard")
        try FileManager.default.copyItem(at: detail, to: folder.appendingPathComponent("CatalogDetail.storyboard"))
        let url = folder.appendingPathComponent("Catalog.storyboard")
        var refused = 0, ran = 0
        for seed in seeds {
            let (bytes, edits) = mutator.mutant(seed: seed)
            try Data(bytes).write(to: url)
            if try Self.runsOrIsRefused(url.path, described: "mutant \(seed) (\(edits))") { ran += 1 } else { refused += 1 }
        }
        #expect(refused > 0 && ran > 0, "refused \(refused), ran \(ran)")
    }

    /// Runs the storyboard at `path` with stand-ins through every tab, at two widths; true when it
    /// ran, false when it was refused, each error with a line (or the run's budget, which is about files).
    static func runsOrIsRefused(_ path: String, described: String) throws -> Bool {
        do {
            let window = try StoryboardWithoutCode.makeWindow(contentsOfFile: path)
            let terminal = MemoryTerminal(size: size)
            let app = Application(window: window, backend: terminal, scheduler: Scheduler(clock: .manual))
            app.launch()
            app.run(script: try KeyNotation.parse(keys))
            terminal.size = Size(width: 70, height: 16)
            app.turn(with: .resize)
            app.run(script: try KeyNotation.parse(keys))
            return true
        } catch let errors as StoryboardErrors {
            #expect(!errors.errors.isEmpty, "\(described) is refused without a reason")
            for error in errors.errors {
                #expect(error.line > 0 || error.message.contains("--") || error.message.contains("in this run"), "\(described): \(error)")
            }
            return false
        }
    }

    /// Spellings a reference may give the two files of the catalog's folder: as written, from the
    /// folder itself in three ways, and the other file (so the files name themselves and each other).
    static func spellings(folder: String) -> [String] {
        ["CatalogDetail", "./CatalogDetail", "/CatalogDetail", "../\(folder)/CatalogDetail", ".//CatalogDetail",
         "Catalog", "./Catalog", "/Catalog", "../\(folder)/Catalog"]
    }

    /// Gives each `storyboardName` in `bytes` a spelling drawn with `generator`.
    static func respellReferences(_ bytes: [UInt8], spellings: [String], generator: inout SplitMix) -> [UInt8] {
        let marker = Array(#"storyboardName=""#.utf8)
        var result: [UInt8] = []
        var index = 0
        while index < bytes.count {
            if bytes[index] == marker[0], index + marker.count <= bytes.count, Array(bytes[index..<index + marker.count]) == marker,
               let close = bytes[(index + marker.count)...].firstIndex(of: UInt8(ascii: "\"")) {
                result += marker + Array(spellings.randomElement(using: &generator)!.utf8) + [UInt8(ascii: "\"")]
                index = close + 1
            } else {
                result.append(bytes[index])
                index += 1
            }
        }
        return result
    }

    @Test("Seeded mutants of the catalog's folder, both files mutated and their references respelled (/X, ./X, ../d/X, each other), end in errors with lines or a running app")
    func folderMutantsEndInErrorsOrARunningApp() throws {
        let seeds = Soak(defaultSteps: Self.defaultMutants, firstSeed: 0).seeds
        let detailURL = WalletAssets.catalogStoryboard.deletingLastPathComponent().appendingPathComponent("CatalogDetail.storyboard")
        let catalog = StoryboardMutator(Array(try Data(contentsOf: WalletAssets.catalogStoryboard)))
        let detail = StoryboardMutator(Array(try Data(contentsOf: detailURL)))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("CatalogFolders-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let spellings = Self.spellings(folder: folder.lastPathComponent)
        var refused = 0, ran = 0
        for seed in seeds {
            var generator = SplitMix(seed: seed)
            // Half the folders keep one file as it is, so that mutants of the other still load.
            let catalogBytes = seed % 4 == 1 ? catalog.original : catalog.mutant(seed: seed).bytes
            let detailBytes = seed % 4 == 2 ? detail.original : detail.mutant(seed: seed &+ 1_000_003).bytes
            try Data(Self.respellReferences(catalogBytes, spellings: spellings, generator: &generator)).write(to: folder.appendingPathComponent("Catalog.storyboard"))
            try Data(Self.respellReferences(detailBytes, spellings: spellings, generator: &generator)).write(to: folder.appendingPathComponent("CatalogDetail.storyboard"))
            if try Self.runsOrIsRefused(folder.appendingPathComponent("Catalog.storyboard").path, described: "folder \(seed)") { ran += 1 } else { refused += 1 }
        }
        #expect(refused > 0 && ran > 0, "refused \(refused), ran \(ran)")
    }
}
