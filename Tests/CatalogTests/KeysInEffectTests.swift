import App
import Catalog
import Terminal
import TestSupport
import Testing
import Views

/// The footer, F1 and dispatch are one list (the responder chain's commands in effect), checked
/// by random walks through the catalog's containers: tabs, a split view wide and collapsed,
/// popovers, an embedded child, alerts, the inspector. A soak: `Soak`.
@MainActor
@Suite("Keys in effect: the catalog")
struct CatalogKeysInEffectTests {
    @Test("On any screen and focus of the catalog, every key that acts is in F1, and every key the footer names acts as it says",
          arguments: [CatalogHarness.wide, CatalogHarness.narrow])
    func footerAndHelpAreWhatKeysDo(size: Size) throws {
        try Soak(defaultSteps: 400).walk(stepsPerWalk: 80) { seed, maxSteps in
            var walk = KeysInEffectWalk(harness: try CatalogHarness(size: size), help: .anyStoryboard, seed: seed)
            let outcome = walk.run(steps: maxSteps)
            if let problem = outcome.problem {
                Issue.record("catalog \(size.width)x\(size.height), seed \(seed): \(problem)")
                return nil
            }
            return outcome.steps
        }
    }
}
