import Foundation
import Testing

@Suite("Home and End in tmux")
struct HomeEndKeyTests {
    @Test("In tmux with TERM=xterm-256color, End is End: on Level 2 of the catalog it does not go Back and select the fourth tab, and S then shows Level 3")
    func endIsNotEscapeAndFour() async throws {
        let session = try await TmuxSession(arguments: ["catalog"], width: 80, height: 24)
        defer { session.kill() }

        try await session.waitFor(text: "Segue Catalog")
        try await session.send(keys: "2")
        try await session.send("s", thenWaitFor: "Level 2, pushed by a Show segue")
        // tmux writes End as ESC [4~ and Home as ESC [1~ whatever the pane's TERM says.
        try await session.send(keys: "End")
        try await session.send(keys: "Home")
        let level3 = try await session.send("s", thenWaitFor: "Three levels deep")
        #expect(level3.contains("[2 Push]"), "\(level3)")

        let ending = try await session.quit()
        expectTerminalRestored(ending)
    }
}
