import App
import Foundation
import Navigation
@testable import Storyboards
import Terminal
import Testing
import Views
@testable import Wallet

/// A storyboard edited by hand or in Xcode is input like any other: a connection the app needs
/// but the file lacks is refused at launch with its line, and a prototype of the wrong class
/// is reported on screen, never a crash.
@MainActor
@Suite("Edited storyboards")
struct EditedStoryboardTests {
    /// The iOS sample's storyboard with one edit, written to a temporary file.
    private func sample(replacing original: String, with replacement: String) throws -> URL {
        let xml = try String(contentsOf: try WalletHarness.sampleStoryboardURL, encoding: .utf8)
        #expect(xml.contains(original), "the edit must apply to the fixture")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("Edited-\(UUID().uuidString).storyboard")
        try xml.replacingOccurrences(of: original, with: replacement).write(to: url, atomically: true, encoding: .utf8)
        return url
    }

    /// The problems loading the storyboard at `url` reports; none when it loads.
    private func loadingErrors(_ url: URL) -> [StoryboardDiagnostic] {
        var options = WalletOptions()
        options.storyboardURL = url
        do {
            _ = try WalletApp.makeWindow(options: options, scheduler: Scheduler(clock: .manual))
            return []
        } catch {
            return error.errors
        }
    }

    @Test("A storyboard that leaves the wallet's balance outlet unconnected is refused with the scene's line")
    func unconnectedOutlet() throws {
        let url = try sample(replacing: #"<outlet property="amountLabel" destination="PYg-0T-nh6" id="AMc-rD-2Rk"/>"#, with: "")
        defer { try? FileManager.default.removeItem(at: url) }
        let errors = loadingErrors(url)
        #expect(errors.count == 1)
        let problem = try #require(errors.first)
        #expect(problem.file == url.path && problem.line > 0)
        #expect(problem.message.contains("WalletViewController's outlet \"amountLabel\" is not connected"))
    }

    @Test("A cell outlet the app reads, left unconnected in a prototype, is refused too")
    func unconnectedCellOutlet() throws {
        let url = try sample(replacing: #"<outlet property="amountLabel" destination="zpe-Vx-317" id="RjX-Tz-5bf"/>"#, with: "")
        defer { try? FileManager.default.removeItem(at: url) }
        // The amount label is the wallet cell's own; the Contacts cell has none, so it is not required.
        #expect(loadingErrors(url).isEmpty)
    }

    @Test("A prototype cell whose class was removed is refused at launch: its outlets are the Cell's")
    func prototypeWithoutItsClass() throws {
        let url = try sample(replacing: #"reuseIdentifier="Cell" rowHeight="72" id="vLu-YG-obq" customClass="Cell" customModule="Wallet" customModuleProvider="target""#,
                             with: #"reuseIdentifier="Cell" rowHeight="72" id="vLu-YG-obq""#)
        defer { try? FileManager.default.removeItem(at: url) }
        #expect(loadingErrors(url).contains { $0.message.contains("TableViewCell has no outlet \"initalsLabel\"") })
    }

    @Test("A prototype the code cannot find by its reuse identifier is reported in an alert, and the app goes on")
    func prototypeRenamed() throws {
        let url = try sample(replacing: #"reuseIdentifier="Cell" rowHeight="72" id="vLu-YG-obq""#,
                             with: #"reuseIdentifier="ContactCell" rowHeight="72" id="vLu-YG-obq""#)
        defer { try? FileManager.default.removeItem(at: url) }
        let harness = try WalletHarness(options: WalletHarness.options(storyboard: url), keys: "n")
        #expect(harness.app.reportedErrors.contains { $0.contains("no prototype cell with reuse identifier \"Cell\"") })
        #expect(harness.text.contains("Something went wrong"))
        try harness.run("<esc><esc>")
        #expect(harness.text.contains("€ 5,432.01"))
        #expect(harness.app.isRunning)
    }
}
