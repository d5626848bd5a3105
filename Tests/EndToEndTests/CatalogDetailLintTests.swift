import Foundation
import Testing

@Suite("wallet storyboard lint on the catalog's second storyboard")
struct CatalogDetailLintTests {
    @Test("lint Assets/CatalogDetail.storyboard checks it as the catalog runs it: exit 0, no error telling to add Swift code to the wallet, a warning that its unwind's implementer is elsewhere")
    func catalogDetailLintsAsTheCatalog() async throws {
        let file = packageRoot.appendingPathComponent("Assets/CatalogDetail.storyboard").path
        let result = try await ProcessRunner.run(try WalletBinary.url(), ["storyboard", "lint", file], environment: WalletBinary.environment)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("error:"), "\(result.standardOutput)")
        #expect(result.standardOutput.contains("warning: no scene of this storyboard implements the unwind action unwindToSplit:"), "\(result.standardOutput)")
    }
}
