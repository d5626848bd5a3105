import Foundation
import Navigation
import Terminal
import Testing
@testable import Views
import WalletAssets

/// Any storyboard given to `wallet storyboard run` ends in a clear refusal or in a running app,
/// with the containers of issue 7 too: seeded mutants of the catalog (a tab bar, a split view,
/// popovers, an embed, current context, a storyboard reference, runtime attributes, a custom
/// container and segue), run without their code as `storyboard run` runs them, each either
/// refused with every problem on its line, or loaded and driven through every tab, never a crash.
///
/// `WALLET_SOAK_STEPS=N swift test --filter CatalogMutantTests` tries N mutants, from the seed
/// `WALLET_SOAK_SEED`.
@MainActor
@Suite("Catalog mutants")
struct CatalogMutantTests {
    static let defaultMutants = 60
    static let size = Size(width: 110, height: 16)
    /// Every tab and most of its buttons, a resize across the regular width and back between.
    static let keys = "1<tab><enter>2ssrn<esc>3m<esc>pc<esc>4fso<esc>u5<tab><enter>6<c-n><c-p><enter><esc>"

    @Test("Seeded mutants of Catalog.storyboard, run with stand-ins, each end in errors with lines, or load and run every tab without a crash")
    func mutantsEndInErrorsOrARunningApp() throws {
        let environment = ProcessInfo.processInfo.environment
        let count = environment["WALLET_SOAK_STEPS"].flatMap(UInt64.init) ?? UInt64(Self.defaultMutants)
        let first = environment["WALLET_SOAK_SEED"].flatMap(UInt64.init) ?? 0
        let mutator = StoryboardMutator(Array(try Data(contentsOf: WalletAssets.catalogStoryboard)))
        // The reference to CatalogDetail.storyboard resolves beside the mutant.
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("CatalogMutants-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let detail = WalletAssets.catalogStoryboard.deletingLastPathComponent().appendingPathComponent("CatalogDetail.storyboard")
        try FileManager.default.copyItem(at: detail, to: folder.appendingPathComponent("CatalogDetail.storyboard"))
        let url = folder.appendingPathComponent("Catalog.storyboard")
        var refused = 0, ran = 0
        for seed in first..<(first + count) {
            let (bytes, edits) = mutator.mutant(seed: seed)
            try Data(bytes).write(to: url)
            do {
                let window = try StoryboardWithoutCode.makeWindow(contentsOfFile: url.path)
                let terminal = MemoryTerminal(size: Self.size)
                let app = Application(window: window, backend: terminal, scheduler: Scheduler(clock: .manual))
                app.launch()
                app.run(script: try KeyNotation.parse(Self.keys))
                terminal.size = Size(width: 70, height: 16)
                app.turn(with: .resize)
                app.run(script: try KeyNotation.parse(Self.keys))
                ran += 1
            } catch let errors as StoryboardErrors {
                refused += 1
                #expect(!errors.errors.isEmpty, "mutant \(seed) (\(edits)) is refused without a reason")
                for error in errors.errors {
                    #expect(error.line > 0 || error.message.contains("--"), "mutant \(seed) (\(edits)): \(error)")
                }
            }
        }
        #expect(refused > 0 && ran > 0, "refused \(refused), ran \(ran)")
    }
}
