import Foundation
import Testing

/// A split view in a real terminal, resized across 100 columns by tmux as a user drags it.
@Suite("Split view, in a real terminal")
struct SplitViewResizeTests {
    static let splitStoryboard = packageRoot.appendingPathComponent("Tests/WalletTests/Fixtures/Split.storyboard").path

    @Test("Narrowed below 100 columns the split view collapses into one stack, the detail on top; widened again both columns show")
    func resizeAcrossTheThreshold() async throws {
        let session = try await TmuxSession(arguments: ["--storyboard", Self.splitStoryboard], width: 120, height: 24)
        defer { session.kill() }

        let wide = try await session.waitUntil("both columns") { $0.contains("Pick a fruit") && $0.contains("Nothing picked yet") }
        #expect(wide.contains("│"), "\(wide)")
        try await session.resize(width: 80, height: 24)
        try await session.waitUntil("one stack, the detail on top with Back to Fruits") {
            !$0.contains("Pick a fruit") && $0.contains("Nothing picked yet") && $0.contains("‹ Fruits") && !$0.contains("│")
        }
        try await session.resize(width: 120, height: 24)
        try await session.waitUntil("both columns again") { $0.contains("Pick a fruit") && $0.contains("Nothing picked yet") }
        let ending = try await session.quit()
        #expect(ending.exitStatus == 0, "\(ending.screen)")
        expectTerminalRestored(ending)
    }
}
