import Foundation
import Navigation
import Views
import Testing
@testable import Wallet

/// `--storyboard PATH`: messages name the file as the user wrote it, so that an editor can open
/// `PATH:LINE` even when twenty files are called Main.storyboard.
@MainActor
@Suite("Storyboard paths in messages")
struct StoryboardPathTests {
    @Test("Defect 9: --storyboard sub/dir/Main.storyboard names sub/dir/Main.storyboard:LINE in its errors, not Main.storyboard")
    func relativePathAsGiven() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try FileManager.default.createDirectory(at: base.appendingPathComponent("sub/dir"), withIntermediateDirectories: true)
        // As the command makes it from a relative argument: relative to the current directory.
        let url = URL(fileURLWithPath: "sub/dir/Main.storyboard", relativeTo: base)
        try Data("<document>\n<scenes>\n</document>\n".utf8).write(to: url)
        var options = WalletOptions()
        options.storyboardURL = url
        #expect {
            _ = try WalletApp.makeWindow(options: options, scheduler: Scheduler(clock: .manual))
        } throws: { error in
            (error as? StoryboardErrors)?.description.hasPrefix("sub/dir/Main.storyboard:3: error: ") == true
        }
    }
}
