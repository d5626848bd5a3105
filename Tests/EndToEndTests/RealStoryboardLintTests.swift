import Foundation
import Testing

/// `wallet storyboard lint` on storyboards shaped like those of real apps (the test fixtures
/// reproduce what a corpus of public storyboards uses): what the terminal honours passes clean,
/// and each segue or action it can never fire is a warning with its line, exit status 0.
@Suite("wallet storyboard lint on real apps' features")
struct RealStoryboardLintTests {
    private func lint(_ path: String) async throws -> ProcessResult {
        try await ProcessRunner.run(try WalletBinary.url(), ["storyboard", "lint", packageRoot.appendingPathComponent(path).path],
                                    environment: WalletBinary.environment)
    }

    @Test("Several bar items a side, image-only items, a title view, a toolbar, static cells with an accessory segue, text as element content, a tap gesture recognizer and a bar in a view: no problem")
    func honouredFeatures() async throws {
        let result = try await lint("Tests/WalletTests/Fixtures/Bars.storyboard")
        #expect(result.status == 0, "\(result.standardError)")
        #expect(!result.standardOutput.contains("warning:"), "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("error:"), "\(result.standardOutput)")
    }

    @Test("A switch's action, a bar button item beside the controller and a swipe: one warning each, with its line; a toolbar's item placed in a view (drawn) and the attached tap none")
    func unhonouredFeatures() async throws {
        let result = try await lint("Tests/NavigationTests/Storyboards/Unhonoured.storyboard")
        #expect(result.status == 0, "warnings only: \(result.standardError)")
        let warnings = result.standardOutput.split(separator: "\n").filter { $0.contains(": warning: ") }
        let lines = warnings.compactMap { $0.split(separator: ":").dropFirst().first.flatMap { Int($0) } }
        #expect(lines == [19, 46, 51], "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("fromTap"))
    }
}
