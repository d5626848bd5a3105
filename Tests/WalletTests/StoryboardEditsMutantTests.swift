import Foundation
@testable import Storyboards
import Testing
import Wallet

/// `StoryboardEdits` on storyboards nobody wrote: the mutation fuzzer's variants of the wallet's.
@MainActor
@Suite("Edits of mutated storyboards")
struct StoryboardEditsMutantTests {
    /// An element's name, attributes and text, and its children's, in order: what a storyboard
    /// says, whatever its bytes' layout (blanks between tags are layout, as in an empty
    /// `<connections>` a mutant left).
    private static func model(_ element: StoryboardElement) -> [String] {
        element.descendantsAndSelf.map { element in
            let text = element.text.flatMap { $0.allSatisfy(\.isWhitespace) ? nil : $0 } ?? ""
            return "\(element.name) \(element.attributes.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }) \(text)"
        }
    }

    @Test("1,000 mutants: each that parses is written back byte for byte, and with a segue added to one of its objects loads to the same model plus the segue")
    func mutantsRoundTrip() throws {
        let mutator = StoryboardMutator(Array(try Data(contentsOf: WalletApp.mainStoryboardURL)))
        var edited = 0
        for seed in 0..<UInt64(1_000) {
            let (bytes, mutations) = mutator.mutant(seed: seed)
            guard var edits = try? StoryboardEdits(bytes: bytes, file: "Mutant.storyboard") else { continue }
            #expect(edits.bytes == bytes, "mutant \(seed) (\(mutations))")
            let root = try StoryboardParser.parse(bytes, file: "Mutant.storyboard", elementAllowance: 250_000).root
            let objects = root.descendantsAndSelf.filter { ["button", "barButtonItem", "viewController", "tableViewCell"].contains($0.name) && $0.id != nil }
            guard !objects.isEmpty else { continue }
            let source = objects[Int(seed) % objects.count]
            // An id the mutant may have given two elements is refused or edits the first: either way nothing breaks.
            guard let id = try? edits.addSegue(from: source.id!, ["destination": source.id!, "kind": "show"]) else { continue }
            let reread = try StoryboardParser.parse(edits.bytes, file: "Mutant.storyboard", elementAllowance: 250_000).root
            let added = Set(Self.model(reread)).subtracting(Self.model(root))
            #expect(added.contains { $0.hasPrefix("segue ") && $0.contains("id=\(id)") }, "mutant \(seed) (\(mutations))")
            // The rest is as it was: the tree without the new segue (and the connections made for it) is the mutant's.
            let without = Self.model(reread).filter { !($0.hasPrefix("segue ") && $0.contains("id=\(id)")) }
            let original = Self.model(root)
            #expect(without == original || without.filter { $0 != "connections [] " } == original.filter { $0 != "connections [] " },
                    "mutant \(seed) (\(mutations))")
            edited += 1
        }
        #expect(edited > 300, "\(edited) mutants edited")
    }
}
