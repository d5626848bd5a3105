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
        if let problem = try KeysInEffectWalk.firstProblem(defaultSteps: 400, help: .anyStoryboard, make: { try CatalogHarness(size: size) }) {
            Issue.record("catalog \(size.width)x\(size.height), \(problem)")
        }
    }
}
