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

    /// What the typed model says of a storyboard, lines aside (an edit moves the lines below it):
    /// its scenes, and its segues with their kinds, ends and triggers.
    private static func typedModel(_ bytes: [UInt8]) throws -> (scenes: [String], segues: [String]) {
        let model = try StoryboardModel.parse(bytes, file: "Mutant.storyboard", elementAllowance: 250_000, controllers: { $0.hasSuffix("Controller") }).model
        let outline = StoryboardOutline(model: model, classes: NoClasses())
        return (outline.scenes.map { "\($0.id) \($0.className) \($0.title ?? "-") \($0.storyboardIdentifier ?? "-")" },
                outline.segues.map { "\($0.id ?? "-") \($0.kind) \($0.identifier ?? "-") \($0.sourceSceneID)→\($0.destinationSceneID ?? "-") \($0.trigger ?? "-")" })
    }

    /// A storyboard read without an app: every `…Controller` element a scene, no class known.
    private struct NoClasses: StoryboardClassCatalog {
        func isControllerElement(_ name: String) -> Bool { name.hasSuffix("Controller") }
        func elementClassName(_ name: String) -> String? { nil }
        func unwindActionNames(of controller: SceneObject) -> [String] { [] }
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
            // And so is the typed model: the same scenes, and the same segues but the new one.
            let (before, after) = (try Self.typedModel(bytes), try Self.typedModel(edits.bytes))
            #expect(after.scenes == before.scenes, "mutant \(seed) (\(mutations))")
            #expect(after.segues.filter { !$0.hasPrefix("\(id) ") } == before.segues, "mutant \(seed) (\(mutations))")
            edited += 1
        }
        #expect(edited > 300, "\(edited) mutants edited")
    }
}
