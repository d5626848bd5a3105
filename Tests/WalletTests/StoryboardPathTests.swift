import App
import Foundation
import Navigation
@testable import Storyboards
import Testing
import Views
@testable import Wallet

/// `--storyboard PATH`: messages name the file as the user wrote it, so that an editor can open
/// `PATH:LINE` even when twenty files are called Main.storyboard.
@MainActor
@Suite("Storyboard paths in messages")
struct StoryboardPathTests {
    @Test("--storyboard DIR/sub/./dir/Main.storyboard names that path, as given, in its errors, not Main.storyboard")
    func relativePathAsGiven() throws {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("paths-\(UUID().uuidString)", isDirectory: true)
        defer { try? FileManager.default.removeItem(at: base) }
        try FileManager.default.createDirectory(at: base.appendingPathComponent("sub/dir"), withIntermediateDirectories: true)
        // As the command passes it: the path as the user typed it, not normalized.
        let path = base.path + "/sub/./dir/Main.storyboard"
        try Data("<document>\n<scenes>\n</document>\n".utf8).write(to: URL(fileURLWithPath: path))
        var options = WalletOptions()
        options.storyboardPath = path
        #expect {
            _ = try WalletApp.makeWindow(options: options, scheduler: Scheduler(clock: .manual))
        } throws: { error in
            (error as? StoryboardErrors)?.description.hasPrefix(path + ":3: error: ") == true
        }
    }
}
