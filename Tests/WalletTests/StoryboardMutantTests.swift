import Foundation
import Navigation
@testable import Storyboards
import Terminal
import Testing
import Views
@testable import Wallet

/// Any storyboard given to `--storyboard` ends in a clear refusal or in a running app: seeded
/// mutants of the app's own storyboard, the edits of an author, a merge or a damaged file, each
/// either refused with every problem on its line, or loaded and driven through the flows a user
/// takes, never a crash.
@MainActor
@Suite("Storyboard mutants")
struct StoryboardMutantTests {
    static let mutantCount: UInt64 = 2_000
    static let size = Size(width: 40, height: 12)
    /// Send to Heather Morgan, then Cancel on Contacts, then Back from Amount and Cancel; the
    /// Escape after Send brings a mutant that went somewhere else back towards the wallet.
    /// Each key is a frame drawn, so the flows are as short as they can be.
    static let flows = "n<down><down><enter>5<enter><wait 3><esc>" + "n<esc>" + "n<enter><esc><esc>"

    @Test("2,000 seeded mutants of Main.storyboard each end in errors with lines, or load and run the Send, Cancel and Back flows without a crash")
    func mutantsEndInErrorsOrARunningApp() throws {
        let mutator = StoryboardMutator(Array(try Data(contentsOf: WalletApp.mainStoryboardURL)))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("Mutant-\(UUID().uuidString).storyboard")
        defer { try? FileManager.default.removeItem(at: url) }
        var refused = 0, ran = 0
        for seed in 0..<Self.mutantCount {
            let (bytes, edits) = mutator.mutant(seed: seed)
            try Data(bytes).write(to: url)
            do {
                // A small terminal: presented screens take all of it, and each frame is cheap to draw.
                let harness = try WalletHarness(size: Self.size, options: WalletHarness.options(storyboard: url))
                try harness.run(Self.flows)
                ran += 1
            } catch let errors as StoryboardErrors {
                refused += 1
                #expect(!errors.errors.isEmpty, "mutant \(seed) (\(edits)) is refused without a reason")
                for error in errors.errors {
                    #expect(error.line > 0, "mutant \(seed) (\(edits)): \(error)")
                }
            }
        }
        // Both ends must be common, or the mutants would test little.
        #expect(refused > Int(Self.mutantCount) / 5 && ran > Int(Self.mutantCount) / 5, "refused \(refused), ran \(ran)")
    }

    @Test("A label whose numberOfLines is negative draws its text instead of trapping")
    func negativeNumberOfLines() throws {
        let xml = try String(contentsOf: WalletApp.mainStoryboardURL, encoding: .utf8)
        #expect(xml.contains(#"text="Saldo""#))
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("NegativeLines-\(UUID().uuidString).storyboard")
        try xml.replacingOccurrences(of: #"text="Saldo""#, with: #"text="Saldo" numberOfLines="-1""#).write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }
        let harness = try WalletHarness(options: WalletHarness.options(storyboard: url))
        #expect(harness.text.contains("Saldo"))
    }

    /// Mutants that crashed the app, cut down to what crashed it (`Fixtures/Crashers`).
    nonisolated static let crashers = ["SelfRoot", "RootCycle", "OutletToConstraint", "OutletOutsideTheTree", "OutletToAnotherScene"]

    @Test("Storyboards that crashed the app (root cycles, outlets connected to what is not their view) are refused on the line to fix",
          arguments: crashers)
    func crasherIsRefused(_ name: String) throws {
        let url = try #require(Bundle.module.url(forResource: name, withExtension: "storyboard", subdirectory: "Fixtures/Crashers"))
        // The fixture's second line says which line is wrong: "DEFECT line N".
        let comment = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\n")[1]
        let line = try #require(comment.firstRange(of: "DEFECT line ").flatMap { Int(comment[$0.upperBound...].prefix { $0.isNumber }) })
        #expect {
            _ = try WalletHarness(size: Self.size, options: WalletHarness.options(storyboard: url), keys: Self.flows)
        } throws: { error in
            guard let errors = error as? StoryboardErrors else { return false }
            return errors.errors.map(\.line) == [line]
        }
    }
}
