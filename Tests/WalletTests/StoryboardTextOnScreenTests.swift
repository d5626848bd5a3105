import Foundation
import Terminal
import Testing
@testable import Wallet

/// Text a storyboard gives a label reaches the screen as something to read, never as commands
/// to the terminal: a file must not be able to move the cursor or reorder what is shown.
@MainActor
@Suite("Storyboard text on screen")
struct StoryboardTextOnScreenTests {
    @Test("A label with a newline, a tab, CR, a C1 control and U+202E shows them as notation, the rest of the screen in place")
    func controlsInALabelAreDrawnVisibly() throws {
        let xml = try String(contentsOf: try WalletHarness.sampleStoryboardURL, encoding: .utf8)
        #expect(xml.contains(#"text="Saldo""#))
        let edited = xml.replacingOccurrences(of: #"text="Saldo""#, with: #"text="Sal&#10;do&#9;&#13;&#x85;&#x202E;odlaS""#)
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("Controls-\(UUID().uuidString).storyboard")
        try edited.write(to: url, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: url) }

        let harness = try WalletHarness(options: WalletHarness.options(storyboard: url))
        #expect(harness.lines.contains(" Sal^Jdo^I^M<U+0085><U+202E>odlaS"), "\(harness.text)")
        // The balance keeps its own line: the newline did not break the label over two rows.
        #expect(harness.lines.contains(" € 5,432.01"))
        let controls = harness.text.unicodeScalars.filter {
            $0 != "\n" && ($0.properties.generalCategory == .control || $0.properties.generalCategory == .format)
        }
        #expect(controls.isEmpty, "controls reach the terminal: \(controls.map { String($0.value, radix: 16) })")
    }
}
