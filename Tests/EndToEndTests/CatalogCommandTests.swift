import Foundation
import Testing

@Suite("wallet catalog, in a real terminal and headless")
struct CatalogCommandTests {
    static let catalogStoryboard = packageRoot.appendingPathComponent("Assets/Catalog.storyboard").path

    @Test("In tmux: the Start tab, then 2 for Push, S and S for Level 3, R unwinds two levels back and the bottom row says where it landed; q quits cleanly")
    func unwindSeveralLevelsInATerminal() async throws {
        let session = try await TmuxSession(arguments: ["catalog"], width: 100, height: 30)
        defer { session.kill() }

        try await session.waitFor(text: "Segue Catalog")
        try await session.send("2", thenWaitFor: "Show pushes the next scene")
        try await session.send("s", thenWaitFor: "Level 2, pushed by a Show segue")
        try await session.send("s", thenWaitFor: "Three levels deep")
        let push = try await session.send("r", thenWaitFor: "Unwind unwindToPush: landed on Push (from Level 3)")
        #expect(push.contains("Show pushes the next scene"), "\(push)")

        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }

    @Test("Headless: the unwind nobody on screen implements is aborted, and the bottom row says so")
    func abortHeadless() async throws {
        let result = try await runWallet(["catalog", "--headless", "--size", "100x30", "--keys", "6n"])
        #expect(result.status == 0, "\(result.standardError)")
        let lines = result.standardOutput.split(separator: "\n", omittingEmptySubsequences: false)
        let bottom = lines.last { !$0.trimmingCharacters(in: .whitespaces).isEmpty }?.trimmingCharacters(in: .whitespaces)
        #expect(bottom == "Unwind unwindToModal: aborted: nobody on the way back accepts it", "\(result.standardOutput)")
    }

    @Test("wallet --storyboard Assets/Catalog.storyboard runs the catalog as wallet catalog does, not refused for the wallet's classes")
    func catalogThroughTheStoryboardOption() async throws {
        let result = try await runWallet(["--storyboard", Self.catalogStoryboard, "--headless", "--size", "100x30", "--keys", "6n"])
        #expect(result.status == 0, "\(result.standardError)")
        let catalog = try await runWallet(["catalog", "--headless", "--size", "100x30", "--keys", "6n"])
        #expect(result.standardOutput == catalog.standardOutput)
        #expect(result.standardOutput.contains("Unwind unwindToModal: aborted"), "\(result.standardOutput)")
    }

    @Test("wallet storyboard lint Assets/Catalog.storyboard: no problems, exit 0")
    func catalogLintsClean() async throws {
        let result = try await runWallet(["storyboard", "lint", Self.catalogStoryboard])
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
        #expect(result.standardError == "\(Self.catalogStoryboard): no problems\n")
    }

    @Test("A copy of the catalog given as FILE runs instead of the bundled one, and a missing one is refused")
    func copyOfTheCatalog() async throws {
        let missing = try await runWallet(["catalog", "/no/such/Catalog.storyboard", "--headless"])
        #expect(missing.status != 0)
        #expect(missing.standardError.contains("no storyboard at \"/no/such/Catalog.storyboard\""), "\(missing.standardError)")
        let copy = try await runWallet(["catalog", Self.catalogStoryboard, "--headless", "--size", "100x30"])
        #expect(copy.status == 0, "\(copy.standardError)")
        #expect(copy.standardOutput.contains("Segue Catalog"), "\(copy.standardOutput)")
    }
}
