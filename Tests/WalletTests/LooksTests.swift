import Foundation
import Navigation
import SnapshotTesting
import Terminal
import Testing
import Views
@testable import Wallet

/// Looks for a projector: the themes, the screens centred on a wide terminal, what shows beside
/// a sheet or an alert, and clicks.
@MainActor
@Suite("Looks: themes, wide terminals, margins, clicks", .snapshots(record: screenSnapshotRecording))
struct LooksTests {
    nonisolated static let colour = TerminalCapabilities(unicode: true, color: true)

    /// Key scripts that show each kind of screen: plain, a sheet, a sheet with a disabled bar
    /// button and a placeholder, alerts over the wallet and over a sheet.
    nonisolated static let screens: [Sample] = [
        Sample("wallet", "", false),
        Sample("wallet after a transfer", WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>", false),
        Sample("contacts", "n", false),
        Sample("amount, empty", WalletHarness.toHeatherMorgan, false),
        Sample("amount, sending", WalletHarness.toHeatherMorgan + "12.34<enter>", false),
        Sample("amount, refused", WalletHarness.toHeatherMorgan + "<enter>", false),
        Sample("failure alert", WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>", true),
        Sample("help over the wallet", "?", false),
        Sample("help over contacts", "n?", false),
        Sample("quit question", WalletHarness.toHeatherMorgan + "12.34<enter><c-c>", false),
    ]

    struct Sample: Sendable {
        let name: String
        let keys: String
        /// Whether every request fails.
        let failing: Bool
        init(_ name: String, _ keys: String, _ failing: Bool) { self.name = name; self.keys = keys; self.failing = failing }
        @MainActor var options: WalletOptions { WalletHarness.options(failureRate: failing ? 1 : 0) }
    }

    private func harness(_ keys: String, size: Size = WalletHarness.regular, options: WalletOptions = WalletOptions(),
                         appearance: Theme.Appearance = .default, capabilities: TerminalCapabilities = LooksTests.colour) throws -> WalletHarness {
        let harness = try WalletHarness(size: size, capabilities: capabilities, options: options)
        harness.app.theme = Theme(capabilities: capabilities, appearance: appearance)
        try harness.run(keys)
        harness.app.render()
        return harness
    }

    // MARK: Themes

    @Test("High contrast draws no style of the theme dim, nor the screen under a sheet")
    func highContrastHasNothingDim() {
        let theme = Theme(capabilities: Self.colour, appearance: .highContrast)
        for (name, style) in theme.namedStyles {
            #expect(!style.attributes.contains(.dim), "\(name) is dim in high contrast")
            #expect(!theme.underneath(style).attributes.contains(.dim), "\(name) is dimmed under a sheet in high contrast")
        }
        // Told apart without dimness: placeholders from text, disabled items from enabled ones.
        #expect(theme.placeholder != theme.text)
        #expect(theme.disabled != theme.tint)
        #expect(theme.focused.attributes.contains(.reverse))
    }

    @Test("No cell of any screen is dim in high contrast, on a colour terminal", arguments: LooksTests.screens.indices)
    func highContrastScreensHaveNoDimCell(index: Int) throws {
        let screen = Self.screens[index]
        let harness = try harness(screen.keys, options: screen.options, appearance: .highContrast)
        let buffer = harness.terminal.screen
        for y in 0..<buffer.size.height {
            for x in 0..<buffer.size.width where buffer[x, y].style.attributes.contains(.dim) {
                Issue.record("\(screen.name): the cell \(x),\(y) \"\(buffer[x, y].character)\" is dim in high contrast")
                return
            }
        }
    }

    @Test("The default theme dims the screen under a sheet; mono has no colour even on a colour terminal")
    func defaultDimsAndMonoHasNoColour() throws {
        let sheet = try harness("n")
        #expect(sheet.terminal.screen[37, 0].style.attributes.contains(.dim), "the wallet's title under Contacts")
        #expect(try harness(WalletHarness.toHeatherMorgan + "1").terminal.screen.cells.contains { $0.style.foreground == .blue })
        for index in Self.screens.indices {
            let screen = Self.screens[index]
            let mono = try harness(screen.keys, options: screen.options, appearance: .mono)
            #expect(mono.terminal.screen.cells.allSatisfy { $0.style.foreground == .default && $0.style.background == .default }, "\(screen.name)")
        }
    }

    @Test("The themes change styles only: the text at 80x24 is the default's, for every screen")
    func themesKeepTheText() throws {
        for index in Self.screens.indices {
            let screen = Self.screens[index]
            let plain = try harness(screen.keys, options: screen.options).text
            for appearance in [Theme.Appearance.highContrast, .mono] {
                #expect(try harness(screen.keys, options: screen.options, appearance: appearance).text == plain, "\(screen.name), \(appearance)")
            }
        }
    }

    /// The attributes of each cell, one letter a cell: what a theme changes, where the text
    /// does not. `.` plain, `d` dim, `b` bold, `r` reverse and bold, `u` underline, `U` bold
    /// underline, `D` dim underline, `i` italic (underlined or not), `?` anything else; a blank cell with no attribute is a space.
    private func styleMap(_ buffer: CellBuffer) -> String {
        (0..<buffer.size.height).map { y in
            var line = ""
            for x in 0..<buffer.size.width where !buffer[x, y].isContinuation {
                let cell = buffer[x, y]
                let attributes = cell.style.attributes
                switch attributes {
                case []: line.append(cell.character == " " ? " " : ".")
                case .dim: line.append("d")
                case .bold: line.append("b")
                case [.reverse, .bold]: line.append("r")
                case .underline: line.append("u")
                case [.underline, .bold]: line.append("U")
                case .italic: line.append("i")
                case [.italic, .underline]: line.append("i")
                case [.dim, .underline]: line.append("D")
                default: line.append("?")
                }
            }
            while line.last == " " { line.removeLast() }
            return line
        }.joined(separator: "\n")
    }

    @Test("Snapshots of the styles of Contacts over the wallet and of Amount in each theme at 80x24", arguments: Theme.Appearance.allCases)
    func styleSnapshots(appearance: Theme.Appearance) throws {
        for (name, keys) in [("contacts", "n"), ("amount", WalletHarness.toHeatherMorgan)] {
            let harness = try harness(keys, appearance: appearance)
            assertSnapshot(of: styleMap(harness.terminal.screen), as: .lines, named: "\(name)-\(appearance.rawValue)-80x24")
        }
    }

    @Test("--theme wins over NO_COLOR; a non-empty NO_COLOR gives mono; an empty one is not set")
    func noColorPrecedence() {
        #expect(Theme.Appearance.chosen(nil, environment: [:]) == .default)
        #expect(Theme.Appearance.chosen(nil, environment: ["NO_COLOR": "1"]) == .mono)
        #expect(Theme.Appearance.chosen(nil, environment: ["NO_COLOR": ""]) == .default)
        #expect(Theme.Appearance.chosen(.default, environment: ["NO_COLOR": "1"]) == .default)
        #expect(Theme.Appearance.chosen(.highContrast, environment: ["NO_COLOR": "yes"]) == .highContrast)
    }

    // MARK: Wide terminals

    @Test("On a 200x40 terminal the wallet keeps 80 columns, centred, footer included")
    func wideWalletIsCentred() throws {
        let size = Size(width: 200, height: 40)
        let harness = try harness(WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>", size: size, capabilities: TerminalCapabilities(unicode: true, color: false))
        assertSnapshot(of: harness.text, as: .lines, named: "wallet-after-transfer-200x40")
        let column = ScreenRenderer.contentRect(for: size)
        #expect(column == Rect(x: 60, y: 0, width: 80, height: 39))
        let buffer = harness.terminal.screen
        for y in 0..<size.height {
            for x in 0..<size.width where buffer[x, y].character != " " {
                #expect(x >= column.x && x < column.maxX, "\"\(buffer[x, y].character)\" at \(x),\(y) is outside the column")
            }
        }
        // The name and the amount are as far apart as at 80 columns.
        let row = try #require(harness.lines.first { $0.contains("Heather Morgan") })
        let narrow = try self.harness(WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>")
        let narrowRow = try #require(narrow.lines.first { $0.contains("Heather Morgan") })
        #expect(row.trimmingCharacters(in: .whitespaces) == narrowRow.trimmingCharacters(in: .whitespaces))
    }

    @Test("Contacts over the wallet at 200x40: the sheet inside the centred column")
    func wideSheet() throws {
        let harness = try harness("n", size: Size(width: 200, height: 40), capabilities: TerminalCapabilities(unicode: true, color: false))
        assertSnapshot(of: harness.text, as: .lines, named: "contacts-200x40")
    }

    @Test("Up to 80 columns the screens take the whole width, as before", arguments: [24, 44, 60, 79, 80])
    func narrowIsWhole(width: Int) {
        #expect(ScreenRenderer.contentRect(for: Size(width: width, height: 24)) == Rect(x: 0, y: 0, width: width, height: 23))
    }

    // MARK: Margins

    nonisolated static let marginSizes = [Size(width: 80, height: 24), Size(width: 60, height: 18), Size(width: 100, height: 30),
                                          Size(width: 133, height: 41), Size(width: 200, height: 40), Size(width: 44, height: 18)]

    @Test("Beside a sheet or an alert, every word of the screen below is whole (as the screen below has it) or absent", arguments: LooksTests.marginSizes)
    func marginsHoldWholeWords(size: Size) throws {
        for screen in Self.screens {
            let harness = try harness(screen.keys, size: size, options: screen.options, capabilities: TerminalCapabilities(unicode: true, color: false))
            let levels = harness.window.presentationStack.count
            guard levels > 1 else { continue }
            let renderer = ScreenRenderer(theme: harness.app.theme, responderChain: { _ in harness.app.responderChain() })
            let shown = renderer.render(harness.window, size: size, focus: harness.app.focus)
            let below = renderer.render(harness.window, size: size, focus: harness.app.focus, levels: levels - 1)
            #expect(shown.buffer.text == harness.text)
            let top = try #require(shown.levelRects.last)
            for y in 0..<(size.height - 1) {
                let shownRow = (0..<size.width).map { shown.buffer[$0, y].character }
                let belowRow = (0..<size.width).map { below.buffer[$0, y].character }
                guard y >= top.y, y < top.maxY else {
                    // Above and below the box the screen below shows as it is.
                    #expect(shownRow == belowRow, "\(screen.name) at \(size), row \(y)")
                    continue
                }
                for (from, to) in [(0, top.x), (top.maxX, size.width)] {
                    // Lines (a rule, a frame) may be cut: they read as lines still.
                    for word in words(in: shownRow, from: from, to: to) where !word.allSatisfy({ "─│┌┐└┘├┤".contains(shownRow[$0]) }) {
                        let whole = word.allSatisfy { shownRow[$0] == belowRow[$0] }
                            && (word.lowerBound == 0 || belowRow[word.lowerBound - 1] == " ")
                            && (word.upperBound == size.width || belowRow[word.upperBound] == " ")
                        #expect(whole, "\(screen.name) at \(size): \"\(String(shownRow[word]))\" at \(word.lowerBound),\(y) is cut\n\(harness.text)")
                    }
                }
            }
        }
    }

    /// The runs of non-blank cells between two columns.
    private func words(in row: [Character], from: Int, to: Int) -> [Range<Int>] {
        var words: [Range<Int>] = []
        var start: Int?
        for x in from..<max(from, to) {
            if row[x] != " ", start == nil { start = x }
            if row[x] == " ", let begun = start { words.append(begun..<x); start = nil }
        }
        if let start { words.append(start..<max(from, to)) }
        return words
    }

    @Test("At 80x24 Contacts is a card as wide as the screen; the wallet's title and rule show above it, its rounded top carries the grabber")
    func sheetMarginsAreBlank() throws {
        let harness = try harness("n", capabilities: TerminalCapabilities(unicode: true, color: false))
        #expect(harness.lines[0].trimmingCharacters(in: .whitespaces) == "Wallet")
        #expect(harness.lines[2].hasPrefix("╭") && harness.lines[2].hasSuffix("╮") && harness.lines[2].contains("━━━━━"), "\(harness.lines[2])")
        for line in harness.lines[3...22] {
            #expect(line.hasPrefix("│") || line.hasPrefix("├") || line.hasPrefix("└"), "\(line)")
            #expect(line.count == 80, "\(line)")
        }
    }

    // MARK: Clicks

    /// The cell in the middle of the first place `text` shows.
    private func point(of text: String, in harness: WalletHarness) throws -> Point {
        let y = try #require(harness.lines.firstIndex { $0.contains(text) }, "\(text) is not on screen:\n\(harness.text)")
        let line = harness.lines[y]
        let start = try #require(line.range(of: text))
        return Point(x: String(line[..<start.lowerBound]).terminalWidth + text.terminalWidth / 2, y: y)
    }

    private func click(_ text: String, in harness: WalletHarness) throws {
        let point = try point(of: text, in: harness)
        try harness.run("<click \(point.x) \(point.y)>")
    }

    @Test("Clicks do what Enter does: New Transfer, a contact, Send", arguments: [WalletHarness.regular, Size(width: 200, height: 40), WalletHarness.narrow])
    func clickThroughSend(size: Size) throws {
        let clicked = try harness("", size: size)
        try click("New Transfer", in: clicked)
        #expect(clicked.contacts != nil, "\(clicked.text)")
        try click("Heather Morgan", in: clicked)
        #expect(clicked.amount.map { "\($0.contact?.name ?? "") \($0.contact?.surname ?? "")" } == "Heather Morgan", "\(clicked.text)")
        try clicked.run("12.34")
        try click("Send", in: clicked)
        try clicked.run("<wait 3>")
        let typed = try harness(WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>", size: size)
        #expect(clicked.text == typed.text)
        #expect(clicked.recorded.map(\.1) == [1234])
    }

    @Test("A click on Cancel unwinds to the wallet, as Esc does")
    func clickCancel() throws {
        let clicked = try harness("n")
        try click("Cancel", in: clicked)
        #expect(clicked.modal == nil)
        #expect(clicked.text == (try harness("n<esc>")).text)
    }

    @Test("A click on Back pops to Contacts; on the field focuses it; on an alert's button presses it")
    func clickBackFieldAndAlert() throws {
        let clicked = try harness(WalletHarness.toHeatherMorgan + "<tab>")
        #expect(!(clicked.focusedObject is TextField))
        try click("€ 0.00", in: clicked)
        #expect(clicked.focusedObject is TextField, "\(clicked.text)")
        try click("Contacts", in: clicked)
        #expect(clicked.amount == nil && clicked.contacts != nil, "\(clicked.text)")

        let help = try harness("?")
        try click("[ OK ]", in: help)
        #expect(help.alert == nil)
    }

    @Test("A click on nothing does nothing: a label, a blank, the screen under a sheet, the footer, off the screen")
    func clickOnNothing() throws {
        for (keys, places) in [("", ["Saldo", "NL 12", "quit", "Wallet"]), ("n", ["Wallet", "Tab focus"])] {
            for place in places {
                let harness = try harness(keys)
                let before = harness.text
                harness.clearEvents()
                try click(place, in: harness)
                #expect(harness.text == before, "a click on \(place) after \"\(keys)\"")
                #expect(harness.events.isEmpty, "a click on \(place) after \"\(keys)\": \(harness.events)")
            }
        }
        let harness = try harness("n")
        let before = harness.text
        // The wallet's title and rule above the card, and off the screen.
        try harness.run("<click 0 0><click 2 1><click 500 500>")
        #expect(harness.text == before)
    }

    @Test("A click on a disabled bar button does nothing (Send while sending)")
    func clickDisabled() throws {
        let harness = try harness(WalletHarness.toHeatherMorgan + "12.34<enter>")
        harness.clearEvents()
        try click("Send", in: harness)
        try harness.run("<wait 3>")
        #expect(harness.recorded.count == 1)
    }

    @Test("<click X Y> reads and writes back; mistakes say how to write it")
    func clickNotation() throws {
        #expect(try KeyNotation.parse("<click 3 14>a") == [.press(.click(Point(x: 3, y: 14))), .press(.character("a"))])
        #expect(KeyNotation.format(.click(Point(x: 7, y: 0))) == "<click 7 0>")
        #expect(try KeyNotation.parse(KeyNotation.format(.click(Point(x: 79, y: 23)))) == [.press(.click(Point(x: 79, y: 23)))])
        for bad in ["<click>", "<click 3>", "<click -1 2>", "<click a b>", "<click 1 2 3>"] {
            #expect(throws: KeyNotation.ParseError.self, "\(bad)") { try KeyNotation.parse(bad) }
        }
    }
}

@MainActor
@Suite("Clicks where the screens are drawn in part of the terminal")
struct ScreenAreaClickTests {
    @Test("With the screens at columns 20 to 99 (an inspector beside them), a click is found there, and nothing left of them")
    func clicksInAnArea() throws {
        let harness = try WalletHarness(size: Size(width: 120, height: 24))
        harness.app.screenArea = Rect(x: 20, y: 0, width: 80, height: 24)
        // New Transfer is at 32…47 of an 80x24 screen: 52…67 in the terminal.
        try harness.run("<click 35 22>")
        #expect(harness.contacts == nil)
        try harness.run("<click 55 22>")
        #expect(harness.contacts != nil)
    }
}
