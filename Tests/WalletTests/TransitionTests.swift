@testable import App
import Foundation
import Navigation
import SnapshotTesting
import Terminal
import Testing
@testable import Views
@testable import Wallet

/// `--animations`: transitions seen part of the way, on the manual clock that `<wait S>`
/// advances; keys typed while one plays handled after it, in order, on the right screen; and
/// the same story, screens and events with animations on as off.
@MainActor
@Suite("Transitions that can be seen", .snapshots(record: screenSnapshotRecording))
struct TransitionTests {
    /// The wallet with animations at `speed`, after `keys` run as `--headless` runs them.
    private func harness(_ speed: AnimationSpeed, keys: String = "", size: Size = WalletHarness.regular,
                         options: WalletOptions = WalletOptions()) throws -> WalletHarness {
        let harness = try WalletHarness(size: size, options: options)
        harness.app.animator.speed = speed
        try harness.run(keys)
        return harness
    }

    /// Runs `keys` with animations slow, checks the frame against its snapshot while the
    /// transition still plays, and that the end of it is the screen with animations off.
    @discardableResult
    private func assertMidTransition(_ name: String, keys: String, then wait: String = "<wait 2>",
                                     size: Size = WalletHarness.regular, options: WalletOptions = WalletOptions(),
                                     fileID: StaticString = #fileID, filePath: StaticString = #filePath,
                                     testName: String = #function, line: UInt = #line, column: UInt = #column) throws -> String {
        let animated = try harness(.slow, keys: keys, size: size, options: options)
        let middle = animated.text
        assertSnapshot(of: middle, as: .lines, named: "\(name)-\(size.width)x\(size.height)",
                       fileID: fileID, file: filePath, testName: testName, line: line, column: column)
        #expect(animated.app.animator.isAnimating)
        // No cursor while the screen moves.
        #expect(animated.terminal.cursor == nil)
        try animated.run(wait)
        #expect(!animated.app.animator.isAnimating)
        let instant = try harness(.off, keys: keys + wait, size: size, options: options)
        #expect(animated.text == instant.text)
        #expect(animated.terminal.cursor == instant.terminal.cursor)
        #expect(middle != instant.text)
        return middle
    }

    // MARK: Each transition, half way

    @Test("A push, part of the way: Amount slides in from the right over Contacts, which moves a third as far left, dimmed, its chevrons covered")
    func midPush() throws {
        let middle = try assertMidTransition("mid-push", keys: WalletHarness.toHeatherMorgan + "<wait 0.25>")
        // Contacts' names still show at the left; its row arrows are under Amount, not beside it.
        #expect(middle.contains("Sent to: Heather Morgan") && middle.contains("Johnson"), "\(middle)")
        #expect(!middle.contains("›Sent to"), "\(middle)")
        // The wallet behind the sheet does not move: its title still shows above the card.
        #expect(middle.split(separator: "\n").first?.contains("Wallet") == true, "\(middle)")
    }

    @Test("A modal presentation, part of the way: Contacts rises from the bottom over the wallet")
    func midRise() throws {
        let middle = try assertMidTransition("mid-rise", keys: "n<wait 0.25>")
        #expect(middle.contains("€ 5,432.01") && middle.contains("Contacts"))
        // The sheet's top has risen above the bottom, not yet to its place.
        #expect(!middle.contains("NL 62 MBCZ 5674 8769"))
    }

    @Test("A dismissal, part of the way: Cancel's unwind makes Contacts fall, uncovering the wallet")
    func midFall() throws {
        let middle = try assertMidTransition("mid-fall", keys: "n<esc><wait 0.25>")
        #expect(middle.contains("€ 5,432.01") && middle.contains("Contacts"))
    }

    @Test("A pop, part of the way: Back makes Amount slide out to the right, uncovering Contacts, which comes back from the left")
    func midPop() throws {
        let middle = try assertMidTransition("mid-pop", keys: WalletHarness.toHeatherMorgan + "<esc><wait 0.25>")
        // Amount at the right; Contacts' account numbers coming back at the left.
        #expect(middle.contains("Sent to: Heather Morgan") && middle.contains("1357 2468"), "\(middle)")
    }

    @Test("Send's unwind pops and dismisses in one step: only the dismissal is seen, Amount falling, not Contacts")
    func sendUnwindShowsTheFall() throws {
        // The request takes 2 seconds: the unwind happens 2 seconds after Send, the frame is 0.25 s later.
        let middle = try assertMidTransition("mid-fall-send", keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 2.25>", then: "<wait 3>")
        #expect(middle.contains("Sent to: Heather Morgan"))
        #expect(!middle.contains("Alan Johnson"))
        #expect(middle.contains("€ 5,419.67"))
    }

    @Test("At a width where a sheet takes the whole terminal, Contacts rises over the whole wallet")
    func midRiseNarrow() throws {
        let middle = try assertMidTransition("mid-rise", keys: "n<wait 0.25>", size: WalletHarness.narrow)
        #expect(middle.contains("Saldo") && middle.contains("Contacts"))
    }

    // MARK: A custom segue's own transition

    /// The app's storyboard with New Transfer's segue made the custom `CrossDissolveSegue`.
    private func dissolvingStoryboard() throws -> WalletOptions {
        let xml = try String(contentsOf: WalletApp.mainStoryboardURL, encoding: .utf8)
        let original = #"<segue destination="Cxl-qa-ulW" kind="presentation" id="2WG-8X-iFf"/>"#
        #expect(xml.contains(original), "the edit must apply to the storyboard")
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("Dissolve-\(UUID().uuidString).storyboard")
        try xml.replacingOccurrences(of: original, with: #"<segue destination="Cxl-qa-ulW" kind="custom" customClass="CrossDissolveSegue" id="2WG-8X-iFf"/>"#)
            .write(to: url, atomically: true, encoding: .utf8)
        return WalletHarness.options(storyboard: url)
    }

    @Test("A custom segue plays its own transition: CrossDissolveSegue dissolves into Contacts, and out again on Cancel")
    func customSegueDissolves() throws {
        let options = try dissolvingStoryboard()
        defer { options.storyboardURL.map { try? FileManager.default.removeItem(at: $0) } }
        let rising = try harness(.slow, keys: "n<wait 0.25>").text
        let dissolving = try assertMidTransition("mid-dissolve", keys: "n<wait 0.25>", options: options)
        #expect(dissolving != rising)
        let dissolvingOut = try assertMidTransition("mid-dissolve-out", keys: "n<wait 2><esc><wait 0.25>", options: options)
        #expect(dissolvingOut != dissolving)
        let events = try harness(.slow, keys: "n<wait 2>", options: options).events
        #expect(events.contains { if case .perform(let segue) = $0 { return segue.kind == "CrossDissolveSegue" }; return false })
    }

    // MARK: Keys typed while a transition plays

    /// Keys as a person types them in a terminal, each read by a turn of the run loop with
    /// no time passing, then `seconds` passing a frame at a time, as `Application.run()` does.
    private func type(_ keys: String, into harness: WalletHarness, thenWait seconds: Double = 0) throws {
        let steps = try KeyNotation.parse(keys)
        MoneyFormat.$current.withValue(harness.moneyFormat) {
            for case .press(let key) in steps { harness.app.turn(with: key) }
            var waited = 0.0
            while waited < seconds {
                harness.scheduler.advance(by: TransitionAnimator.frameInterval)
                waited += TransitionAnimator.frameInterval
                harness.app.turn(with: nil)
            }
        }
    }

    @Test("n, then Down and Enter typed while Contacts rises: they wait for it, then open the second contact")
    func keysDuringRiseWaitForIt() throws {
        let harness = try harness(.normal)
        try type("n<down><enter>", into: harness)
        // Contacts is rising: Down has not moved the selection yet, and Enter has pushed nothing.
        #expect(harness.app.animator.isAnimating)
        #expect(harness.contacts?.tableView.indexPathForSelectedRow == IndexPath(row: 0, section: 0))
        #expect(harness.amount == nil)
        try type("", into: harness, thenWait: 0.3)
        // The rise ended, the keys went to Contacts, and the push they started has played too.
        #expect(harness.contacts?.tableView.indexPathForSelectedRow == IndexPath(row: 1, section: 0))
        #expect(harness.amount?.contact?.name == "Brian")
        try type("", into: harness, thenWait: 0.3)
        #expect(!harness.app.animator.isAnimating)
        let instant = try self.harness(.off, keys: "n<down><enter>")
        #expect(harness.text == instant.text)
    }

    @Test("The whole Send story typed at once, with animations on, ends on the same screen with the same events as with them off")
    func sendStoryTypedAtOnce() throws {
        let off = try harness(.off, keys: WalletHarness.toHeatherMorgan + "12.34<enter><wait 3>")
        for speed in [AnimationSpeed.normal, .slow] {
            let animated = try harness(speed)
            // Slow: the rise, the push, the 2 s request and the fall take 1.5 + 1.5 + 2 + 1.5 s.
            try type(WalletHarness.toHeatherMorgan + "12.34<enter>", into: animated, thenWait: 8)
            #expect(animated.text == off.text, "\(speed)")
            #expect(animated.events.map(\.description) == off.events.map(\.description), "\(speed)")
            #expect(animated.recorded.map(\.1) == [1234])
        }
    }

    @Test("With animations on, a --keys script ends on the same screen with the same events, waits or none")
    func scriptsEndTheSame() throws {
        // Each ends on a key (which ends the transition it starts) or on a wait past the last one.
        for keys in [WalletHarness.toHeatherMorgan + "12.34<enter><wait 4>",
                     WalletHarness.toHeatherMorgan + "12.34<enter><wait 2.1><wait 5>",
                     "n<down><enter><esc><esc>n<esc>n<down><down><enter>",
                     "n<wait 0.1><down><wait 0.1><enter><wait 0.1><esc><wait 0.1><esc>"] {
            let off = try harness(.off, keys: keys)
            for speed in [AnimationSpeed.normal, .slow] {
                let animated = try harness(speed, keys: keys)
                #expect(!animated.app.animator.isAnimating, "\(keys) \(speed)")
                #expect(animated.text == off.text, "\(keys) \(speed)")
                #expect(animated.events.map(\.description) == off.events.map(\.description), "\(keys) \(speed)")
            }
        }
    }

    @Test("Ctrl-C while a transition plays: the keys typed before it go first, then the app quits")
    func controlCDuringTransition() throws {
        let harness = try harness(.slow)
        try type("n<down><down><c-c>", into: harness)
        #expect(!harness.app.isRunning)
        #expect(harness.contacts?.tableView.indexPathForSelectedRow == IndexPath(row: 2, section: 0))
    }

    @Test("A resize while a transition plays ends it at once, and the keys waiting go to the screen at its end")
    func resizeEndsTheTransition() throws {
        let harness = try harness(.slow)
        try type("n<down>", into: harness)
        #expect(harness.app.animator.isAnimating)
        harness.terminal.size = WalletHarness.narrow
        harness.app.turn(with: .resize)
        #expect(!harness.app.animator.isAnimating)
        let instant = try self.harness(.off, keys: "n<down>", size: WalletHarness.narrow)
        #expect(harness.text == instant.text)
    }

    @Test("Alerts appear and go at once: F1 plays no transition")
    func alertsDoNotAnimate() throws {
        let harness = try harness(.slow)
        harness.app.turn(with: .function(1))
        #expect(harness.alert != nil)
        #expect(!harness.app.animator.isAnimating)
        harness.app.turn(with: .escape)
        #expect(harness.alert == nil)
        #expect(!harness.app.animator.isAnimating)
    }

    @Test("Each frame of a push inside the sheet writes only the cells that changed, a small part of the screen")
    func framesWriteOnlyChanges() throws {
        let harness = try harness(.slow, keys: WalletHarness.toHeatherMorgan)
        // Back: Amount slides out over Contacts.
        harness.app.turn(with: .escape)
        var written: [Int] = []
        while harness.app.animator.isAnimating {
            harness.scheduler.advance(by: TransitionAnimator.frameInterval)
            harness.app.turn(with: nil)
            written.append(harness.app.lastRenderChangeCount)
        }
        // 30 frames a second for 1.5 s, each writing less than half the screen.
        #expect((45...46).contains(written.count), "\(written)")
        #expect(written.allSatisfy { $0 < harness.screenArea / 2 }, "\(written)")
    }

    @Test("Animations off: nothing waits, as before animations existed")
    func offIsInstant() throws {
        let harness = try harness(.off)
        try type("n<down><enter>", into: harness)
        #expect(harness.amount?.contact?.name == "Brian")
        #expect(harness.app.keyTimeout == nil)
    }

    // MARK: The transitions themselves

    private static func frame(_ rows: [String]) -> CellBuffer {
        var buffer = CellBuffer(size: Size(width: 12, height: rows.count))
        for (y, row) in rows.enumerated() { buffer.put(row, at: Point(x: 0, y: y)) }
        return buffer
    }

    nonisolated static let transitions: [any Transition] = [
        PushTransition(), PopTransition(), RiseTransition(), FallTransition(), CrossDissolveTransition(),
        WipeTransition(), ReversedTransition(WipeTransition()),
    ]

    @Test("Every transition starts on the frame before and ends exactly on the frame after, wide characters whole on the way",
          arguments: 0..<TransitionTests.transitions.count)
    func transitionEnds(index: Int) {
        let transition = Self.transitions[index]
        let before = Self.frame(["表表表表表表", "abcdefghijkl", "表a表b表c表d"])
        let after = Self.frame(["xyzxyzxyzxyz", "漢字漢字漢字", "a漢b字c漢d字"])
        #expect(transition.frame(from: before, to: after, progress: 0) == before)
        #expect(transition.frame(from: before, to: after, progress: 1) == after)
        for step in 1..<10 {
            let frame = transition.frame(from: before, to: after, progress: Double(step) / 10)
            #expect(frame.size == after.size)
            for y in 0..<frame.size.height {
                for x in 0..<frame.size.width where frame[x, y].isContinuation {
                    // A continuation always follows the first half of its character.
                    #expect(x > 0 && (frame[x - 1, y].character == "表" || frame[x - 1, y].character == "漢" || frame[x - 1, y].character == "字"))
                }
            }
        }
    }

    /// The words of a frame: runs of characters between blanks and line glyphs.
    private static func words(_ buffer: CellBuffer) -> [String] {
        let separators = Set(" │─┌┐└┘├┤┬┴┼|+-")
        return buffer.text.split(whereSeparator: { $0 == "\n" || separators.contains($0) }).map(String.init)
    }

    @Test("No frame of any transition shows a word that is in neither screen: only whole words of one, or a part of one cut by an edge",
          arguments: 0..<TransitionTests.transitions.count)
    func noWordInNeitherScreen(index: Int) throws {
        let before = try WalletHarness(keys: "n").terminal.screen
        let after = try WalletHarness(keys: WalletHarness.toHeatherMorgan).terminal.screen
        let known = Self.words(before) + Self.words(after)
        for step in 1..<20 {
            let frame = Self.transitions[index].frame(from: before, to: after, progress: Double(step) / 20)
            let strangers = Self.words(frame).filter { word in !known.contains { $0.contains(word) } }
            #expect(strangers.isEmpty, "\(Swift.type(of: Self.transitions[index])) at \(step * 5) %: \(strangers)\n\(frame.text)")
        }
    }

    @Test("The changed region leaves out the key footer and changes of style alone")
    func changedRegion() {
        var before = Self.frame(["aaaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccccc", "footer one"])
        var after = before
        after.put("XY", at: Point(x: 3, y: 1))
        after.put("footer two", at: Point(x: 0, y: 3))
        after.restyle(after.bounds) { $0.dimmed }
        before.put("a", at: Point(x: 0, y: 0))
        #expect(TransitionAnimator.changedRegion(from: before, to: after) == Rect(x: 3, y: 1, width: 2, height: 1))
        #expect(TransitionAnimator.changedRegion(from: before, to: before).isEmpty)
    }

    @Test("A sheet's region leaves out the presenter dimmed behind it, even where the presenter changed (a new row)")
    func sheetRegion() {
        let wallet = Self.frame(["aaaaaaaaaaaa", "bbbbbbbbbbbb", "cccccccccccc", "dddddddddddd", "footer"])
        var sheet = wallet
        sheet.put("new row", at: Point(x: 0, y: 0))
        sheet.restyle(sheet.bounds) { $0.dimmed }
        sheet.put("[XY]", at: Point(x: 4, y: 1))
        sheet.put("[  ]", at: Point(x: 4, y: 2))
        // Presented: the sheet is in the frame after; dismissed: in the frame before.
        #expect(TransitionAnimator.changedRegion(from: wallet, to: sheet, dimmedBehind: .after) == Rect(x: 4, y: 1, width: 4, height: 2))
        #expect(TransitionAnimator.changedRegion(from: sheet, to: wallet, dimmedBehind: .before) == Rect(x: 4, y: 1, width: 4, height: 2))
        // Without the dimming to tell them apart, every changed cell counts.
        #expect(TransitionAnimator.changedRegion(from: wallet, to: sheet) == Rect(x: 0, y: 0, width: 8, height: 3))
        var allDim = sheet
        allDim.restyle(allDim.bounds) { $0.dimmed }
        #expect(TransitionAnimator.changedRegion(from: wallet, to: allDim, dimmedBehind: .after) == Rect(x: 0, y: 0, width: 8, height: 3))
    }
}
