import Foundation
import Navigation
import SnapshotTesting
import Terminal
import Testing
import Views
@testable import Wallet

/// To re-record every screen snapshot after a layout change, set this to `.all`, run the tests
/// once, and set it back to `nil`; or, without editing, run them with `SNAPSHOT_TESTING_RECORD=all`
/// in the environment (`nil` leaves the choice to that variable; by default missing snapshots are
/// recorded and existing ones compared).
let screenSnapshotRecording: SnapshotTestingConfiguration.Record? = nil

/// Every screen of the wallet as text, at 80x24 and at a narrow 44x18 where presented screens
/// take the whole terminal. Snapshots are named `screen-COLUMNSxROWS`.
@MainActor
@Suite(.snapshots(record: screenSnapshotRecording))
struct ScreenTests {
    nonisolated static let sizes = [WalletHarness.regular, WalletHarness.narrow]

    /// Runs `keys` at each size and compares the screen with its snapshot; returns the harnesses
    /// for further checks, in the order of `sizes`.
    @discardableResult
    private func assertScreens(_ name: String, keys: String, options: WalletOptions = WalletOptions(),
                               sizes: [Size] = ScreenTests.sizes,
                               capabilities: TerminalCapabilities = TerminalCapabilities(unicode: true, color: false),
                               fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                               testName: String = #function, line: UInt = #line, column: UInt = #column) throws -> [WalletHarness] {
        try sizes.map { size in
            let harness = try WalletHarness(size: size, capabilities: capabilities, options: options, keys: keys)
            assertSnapshot(of: harness.text, as: .lines, named: "\(name)-\(size.width)x\(size.height)",
                           fileID: fileID, file: filePath, testName: testName, line: line, column: column)
            #expect(harness.app.reportedErrors.isEmpty, "\(name) at \(size): \(harness.app.reportedErrors)")
            return harness
        }
    }

    @Test("Wallet at launch: balance, account, New Transfer")
    func walletAtLaunch() throws {
        for harness in try assertScreens("wallet-launch", keys: "") {
            #expect(harness.text.contains("€ 5,432.01"))
            #expect(harness.text.contains("( New Transfer )"))
        }
    }

    /// The storyboard's bars prefer large titles: drawn on a row of their own under the bar's
    /// buttons, from the leading edge, where the level has the rows (120x30); in the bar,
    /// centred, where it has not (80x24), nor in the Contacts card.
    @Test("The wallet's large title at 120x30, and in the bar at 80x24")
    func largeTitle() throws {
        let tall = try WalletHarness(size: Size(width: 120, height: 30))
        #expect(tall.lines[0].trimmingCharacters(in: .whitespaces).isEmpty && tall.lines[1].hasPrefix(String(repeating: " ", count: 21) + "Wallet"),
                "\(tall.text)")
        #expect(tall.lines[2].contains("────") && tall.lines[3].contains("Saldo"))
        let small = try WalletHarness(size: WalletHarness.regular)
        #expect(small.lines[0].hasPrefix(String(repeating: " ", count: 37) + "Wallet") && small.lines[2].contains("Saldo"), "\(small.text)")
        let card = try WalletHarness(size: Size(width: 120, height: 30), keys: "n")
        #expect(card.lines.contains { $0.contains("│ Cancel") && $0.contains("Contacts") }, "\(card.text)")
    }

    @Test("Contacts, with the first row selected")
    func contacts() throws {
        for harness in try assertScreens("contacts", keys: "n") {
            #expect(harness.contacts?.tableView.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
            #expect(harness.text.contains("Cancel"))
            #expect(harness.text.contains("Julia Henry"))
        }
    }

    /// Rule 29: at 80x24 (an iPhone held upright: compact width, regular height) Contacts is a
    /// card below the wallet's title, its grabber on its rounded top; at 120x30 (a regular width)
    /// a form sheet is a smaller card, centred, and on iOS 17 a page sheet the taller one.
    @Test("Contacts as a sheet at 80x24 and 120x30: a card with its grabber, the wallet above it; on iOS 17 a page sheet")
    func contactsAsASheet() throws {
        for system in [SystemVersion.iOS18, .iOS17] {
            for size in [WalletHarness.regular, Size(width: 120, height: 30)] {
                let harness = try WalletHarness(size: size, system: system, keys: "n")
                assertSnapshot(of: harness.text, as: .lines, named: "sheet-\(system.rawValue)-\(size.width)x\(size.height)")
                #expect(harness.lines.prefix(2).contains { $0.contains("Wallet") } && harness.text.contains("━━━━━") && harness.text.contains("╭"))
                #expect(harness.window.pullableSheet != nil)
            }
        }
        // Full screen on iOS 12: no card, nothing of the wallet.
        let then = try WalletHarness(system: .iOS12, keys: "n")
        assertSnapshot(of: then.text, as: .lines, named: "sheet-12-80x24")
        #expect(!then.text.contains("━━━━━") && !then.text.contains("Wallet") && then.window.pullableSheet == nil)
    }

    @Test("Amount for Heather Morgan, the field empty")
    func amount() throws {
        for harness in try assertScreens("amount-heather-morgan", keys: WalletHarness.toHeatherMorgan) {
            #expect(harness.text.contains("Sent to: Heather Morgan"))
            #expect(harness.text.contains("Send"))
        }
    }

    @Test("Amount in fr_FR puts the euro after the amount typed, as the wallet writes 4 197,51 €")
    func amountInFrench() throws {
        let options = WalletHarness.options(locale: "fr_FR")
        for harness in try assertScreens("amount-fr-FR", keys: WalletHarness.toHeatherMorgan + "12,34", options: options) {
            let line = try #require(harness.lines.first { $0.contains("12,34") })
            #expect(line.contains(/12,34 +€/) && !line.contains(/€ *12,34/), "\(line)")
        }
    }

    @Test("The euro follows the locale with the storyboard written for iOS too", arguments: ["de_DE", "en_US"])
    func amountSymbolWithTheSampleStoryboard(locale: String) throws {
        let options = WalletHarness.options(locale: locale, storyboard: try WalletHarness.sampleStoryboardURL)
        let harness = try WalletHarness(options: options, keys: WalletHarness.toHeatherMorgan + "12,34")
        let lines = harness.lines.map { $0.filter { $0 != "│" }.trimmingCharacters(in: .whitespaces) }
        let amount = try #require(lines.firstIndex { $0.hasSuffix("12,34") })
        let symbol = try #require(lines.firstIndex { $0 == "€" })
        // The sample lays the label and the field out in a column: the symbol's row follows the locale.
        #expect(locale == "de_DE" ? symbol == amount + 1 : symbol == amount - 1, "\(harness.text)")
        #expect(harness.app.reportedErrors.isEmpty)
    }

    @Test("Amount while the request runs: Sending…, no Back button")
    func amountWhileSending() throws {
        for harness in try assertScreens("amount-sending", keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 1>") {
            #expect(harness.text.contains("Sending…"))
            #expect(!harness.text.contains("‹ Contacts"))
        }
    }

    /// The refusals, by the keys typed: each keeps the user on Amount with its message. Send
    /// refuses most; an amount too large is refused as it is typed.
    nonisolated static let refusals: [(name: String, typed: String, message: String)] = [
        ("empty", "<enter>", "Enter an amount to send."),
        ("not-a-number", "abc<enter>", "\"abc\" is not an amount"),
        ("zero", "0<enter>", "Enter an amount above zero."),
        ("three-decimals", "1.234<enter>", "Use at most two decimals (cents)."),
        ("more-than-balance", "6000<enter>", "That is more than your balance of"),
        ("too-large", "99999999999999999", "That amount is too large: enter a smaller one."),
    ]

    @Test("Amount with each refusal message", arguments: ScreenTests.refusals.map(\.name))
    func amountRefused(name: String) throws {
        let refusal = try #require(Self.refusals.first { $0.name == name })
        let harnesses = try assertScreens("amount-refused-\(name)", keys: WalletHarness.toHeatherMorgan + refusal.typed)
        for harness in harnesses {
            // Wrapped messages are compared with their line breaks taken out.
            #expect(harness.flatText.contains(refusal.message))
            #expect(harness.amount != nil)
        }
    }

    @Test("The balance in the refusal is not split over two lines at the narrow size")
    func balanceRefusalKeepsTheAmountOnOneLine() throws {
        let harness = try WalletHarness(size: WalletHarness.narrow, keys: WalletHarness.toHeatherMorgan + "6000<enter>")
        #expect(harness.text.contains("€ 5,432.01"), "the amount in the message breaks after the symbol:\n\(harness.text)")
    }

    @Test("The failure alert over Amount")
    func failureAlert() throws {
        let options = WalletHarness.options(failureRate: 1)
        for harness in try assertScreens("failure-alert", keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>", options: options) {
            #expect(harness.text.contains("Transfer failed"))
            #expect(harness.text.contains("[ Try Again ]"))
            #expect(harness.text.contains("[ Cancel ]"))
        }
    }

    @Test("Wallet after a transfer, with the new row")
    func walletAfterTransfer() throws {
        for harness in try assertScreens("wallet-after-transfer", keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>") {
            #expect(harness.text.contains("€ 5,419.67"))
            #expect(harness.text.contains("-€ 12.34"))
        }
    }

    // MARK: Many transactions

    /// Twelve transfers to Heather Morgan, of 1 to 12 euros, the newest last.
    nonisolated static let twelveSends = (1...12).map { "n<down><down><enter>\($0)<enter><wait 3>" }.joined()
    nonisolated static let short = Size(width: 80, height: 16)

    @Test("After 12 sends at 80x16 the newest transfer shows, with a line saying how many are above")
    func walletScrolledToTheNewestTransfer() throws {
        let harness = try assertScreens("wallet-twelve-sends", keys: Self.twelveSends, sizes: [Self.short])[0]
        #expect(harness.text.contains("-€ 12.00"))
        #expect(harness.text.contains("↑ 9 more"))
        #expect(!harness.text.contains("Enter open"))
    }

    @Test("The focused transactions scroll by keyboard, with lines for the rows above and below")
    func walletTransactionsScrollByKeyboard() throws {
        try assertScreens("wallet-twelve-sends-home", keys: Self.twelveSends + "<tab><home>", sizes: [Self.short])
        let middle = try assertScreens("wallet-twelve-sends-middle", keys: Self.twelveSends + "<tab><home><pgdn><pgdn><down>",
                                       sizes: [Self.short], capabilities: Self.ascii)[0]
        #expect(middle.text.contains("^ 3 more") && middle.text.contains("v 6 more"), "\(middle.text)")
        let harness = try WalletHarness(size: Self.short, keys: Self.twelveSends + "<tab><home>")
        #expect(harness.text.contains("-€ 1.00") && !harness.text.contains("-€ 12.00"))
        #expect(harness.text.contains("↓ 9 more") && !harness.text.contains(/↑ \d+ more/))
        try harness.run("<end>")
        #expect(harness.text.contains("-€ 12.00") && harness.text.contains("↑ 9 more"))
    }

    @Test("The footer names Enter on a table only where choosing a row does something")
    func enterHintOnlyWhereRowsAct() throws {
        let wallet = try WalletHarness(size: Self.short, keys: WalletHarness.toHeatherMorgan + "1<enter><wait 3><tab>")
        #expect(wallet.focusedObject === wallet.wallet.tableView)
        // One transaction, selected: nowhere to move either.
        #expect(!wallet.text.contains("↑/↓ move") && !wallet.text.contains("Enter open"))
        try wallet.run("<enter>")
        #expect(wallet.modal == nil && wallet.alert == nil, "Enter on a transaction does nothing")
        let contacts = try WalletHarness(size: Self.short, keys: "n")
        #expect(contacts.text.contains("Enter open"))
    }

    @Test("The help alert (F1)")
    func helpAlert() throws {
        for harness in try assertScreens("help-alert", keys: "<f1>") {
            #expect(harness.text.contains("Keys"))
            #expect(harness.alert != nil)
        }
        // At 80x24 every key shows at once, the workshop's and the mouse among them.
        let regular = try WalletHarness(size: WalletHarness.regular, keys: "<f1>")
        #expect(!regular.text.contains(/\d+ more/), "\(regular.text)")
        for entry in ["F2, F6", "F3", "F4, F5", "a click"] {
            #expect(regular.lines.contains { $0.contains("│  \(entry) ") }, "F1 does not list \(entry):\n\(regular.text)")
        }
    }

    @Test("The help alert shows its OK button at every size", arguments: [WalletHarness.regular, WalletHarness.narrow])
    func helpAlertShowsOK(size: Size) throws {
        let harness = try WalletHarness(size: size, keys: "<f1>")
        #expect(harness.text.contains("[ OK ]"), "no OK button on the help alert at \(size.width)x\(size.height):\n\(harness.text)")
    }

    nonisolated static let small = Size(width: 40, height: 12)

    @Test("At 40x12 the help scrolls to every entry, with signs of the lines above and below, OK always shown")
    func helpScrollsOnASmallTerminal() throws {
        let harness = try assertScreens("help-alert", keys: "<f1>", sizes: [Self.small])[0]
        #expect(harness.text.contains(/↓ \d+ more/) && harness.text.contains("↑/↓ scroll"))
        let reference = try #require(harness.alert?.message)
        var seen = harness.text
        for _ in 0..<40 {
            try harness.run("<down>")
            #expect(harness.text.contains("[ OK ]"), "\(harness.text)")
            seen += harness.text
        }
        // Each entry's keys, the first column (continuation lines start with spaces).
        let entries = reference.split(separator: "\n").compactMap { $0.components(separatedBy: "  ").first }.filter { !$0.isEmpty }
        // The keys in effect on the wallet at launch, New Transfer focused: no table's, no text
        // field's, no tab's; the workshop's keys and the mouse.
        #expect(entries == ["Enter, Space", "q", "a letter", "Ctrl-C", "Ctrl-Z", "F1 or ?", "F2, F6", "F3", "F4, F5", "a click"])
        let unseen = entries.filter { !seen.contains($0) }
        #expect(unseen.isEmpty, "never shown: \(unseen)")
        #expect(harness.text.contains("what is clicked") && !harness.text.contains(/↓ \d+ more/), "the last entry ends the scroll")
        #expect(harness.alert != nil, "Down scrolls and does not leave the alert")
    }

    @Test("A long alert scrolled by Down, Page Down, End and Home, at 40x12")
    func helpScrolledByKeys() throws {
        try assertScreens("help-alert-scrolled", keys: "<f1><down><down>", sizes: [Self.small])
        let harness = try WalletHarness(size: Self.small, keys: "<f1><end>")
        #expect(harness.text.contains("what is clicked") && harness.text.contains(/↑ \d+ more/))
        try harness.run("<home>")
        #expect(harness.text.contains("Enter, Space") && !harness.text.contains(/↑ \d+ more/))
        try harness.run("<pgdn>")
        #expect(!harness.text.contains("Enter, Space") && harness.text.contains(/↑ \d+ more/))
        try harness.run("<esc>")
        #expect(harness.alert == nil)
    }

    @Test("An alert whose message fits does not scroll: Up and Down still move between its buttons")
    func shortAlertKeepsArrowsForButtons() throws {
        let harness = try WalletHarness(size: Self.small, options: WalletHarness.options(failureRate: 1),
                                        keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>")
        let alert = try #require(harness.alert)
        #expect(!alert.messageScrolls && !harness.text.contains("more"))
        let before = harness.focusedObject
        try harness.run("<down>")
        #expect(harness.focusedObject !== before)
    }

    @Test("A terminal too small for the app says so")
    func terminalTooSmall() throws {
        let harness = try assertScreens("too-small", keys: "", sizes: [Size(width: 20, height: 6)])[0]
        #expect(harness.text.contains("Terminal too small"))
        #expect(harness.text.contains("20x6, needs 24x8"))
    }

    @Test("The too-small screen tells the whole way out, q to quit")
    func terminalTooSmallSaysHowToQuit() throws {
        let harness = try WalletHarness(size: Size(width: 20, height: 6))
        #expect(harness.text.contains("q to quit"), "the instruction is cut:\n\(harness.text)")
        try harness.run("q")
        #expect(!harness.app.isRunning)
    }

    // MARK: ASCII

    nonisolated static let ascii = TerminalCapabilities(unicode: false, color: false)

    @Test("ASCII rendering: box, bar and rows drawn with ASCII")
    func asciiScreens() throws {
        let sizes = [WalletHarness.regular]
        try assertScreens("ascii-contacts", keys: "n", sizes: sizes, capabilities: Self.ascii)
        try assertScreens("ascii-amount-sending", keys: WalletHarness.toHeatherMorgan + "12.34<enter>", sizes: sizes, capabilities: Self.ascii)
        try assertScreens("ascii-failure-alert", keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>",
                          options: WalletHarness.options(failureRate: 1), sizes: sizes, capabilities: Self.ascii)
        let wallet = try assertScreens("ascii-wallet-after-transfer", keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>",
                                       sizes: sizes, capabilities: Self.ascii)[0]
        #expect(!wallet.text.contains("─"))
        #expect(wallet.text.contains("-----"))
    }

    /// The app's own chrome (frames, arrows, ellipses) must not depend on UTF-8; only the data
    /// (the euro sign of the amounts) may be outside ASCII.
    @Test("ASCII rendering writes no other non-ASCII character than the euro sign", arguments: [
        "n", WalletHarness.toHeatherMorgan + "12.34<enter>", WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>", "<f1>",
    ])
    func asciiHasNoUnicodeChrome(keys: String) throws {
        let harness = try WalletHarness(capabilities: Self.ascii, keys: keys)
        let foreign = Set(harness.text.filter { !$0.isASCII && $0 != "€" })
        #expect(foreign.isEmpty, "non-ASCII characters \(foreign.sorted()) on an ASCII terminal after \(keys):\n\(harness.text)")
    }
}
