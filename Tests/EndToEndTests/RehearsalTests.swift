import Foundation
import Testing

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A whole workshop, rehearsed as a room meets it (issue 32): `wallet serve` with a presenter on
/// a 120x30 projector (high contrast, keys shown, scripts played fast), three attendees at
/// 80x24, 100x28 and 120x30, and two watchers at 80x24 and 200x50, all through OpenSSH's `ssh`
/// in tmux. The presenter plays every shipped script from the menu, rewinds one (F4) and starts
/// it over (F5), steps a Send with the inspector open, is asked before F4 and F5 throw the
/// live demo away, and starts over; each attendee sends a transfer; the
/// watchers follow. Every screen captured while waiting (every 50 ms) is checked against the
/// stage's invariants (`StageInvariants`), and each script's end against its story.
@Suite("The workshop, rehearsed end to end", .serialized)
struct RehearsalTests {
    typealias Server = ServeTests.Server

    /// What no screen of the stage may show, found on every screen a wait sees.
    final class StageInvariants {
        let captions: [String]
        private(set) var problems: [String] = []

        init(captions: [String]) { self.captions = captions }

        /// `session.waitUntil`, every screen seen on the way checked as `who`'s.
        @discardableResult
        func waitUntil(_ session: TmuxSession, _ description: String, timeout: Duration = TmuxSession.defaultTimeout, who: String,
                       _ condition: (String) -> Bool) async throws -> String {
            try await session.waitUntil(description, timeout: timeout) { screen in
                check(screen, who: who)
                return condition(screen)
            }
        }

        /// The markers the inspector puts after a controller: each on the row of the controller
        /// it names (its class or its title just before it), never after a parenthesis' words.
        static let markers = ["‹ top", "‹ no", "‹ yes", "‹ asking", "‹ destination", "‹ selected"]

        /// The problems of `screen`, as `who` (the pane) saw it, noted.
        func check(_ screen: String, who: String) {
            let lines = screen.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            for line in lines {
                guard let found = Self.markers.compactMap({ line.range(of: $0) }).min(by: { $0.lowerBound < $1.lowerBound }) else { continue }
                let before = line[..<found.lowerBound].trimmingCharacters(in: .whitespaces)
                if !(before.hasSuffix("Controller") || before.hasSuffix("\"") || before.hasSuffix("presents")) {
                    problems.append("\(who): a marker after \"\(before.suffix(30))\", not a controller's name: \(line)")
                }
            }
            // A caption on screen shows whole, or ends with an ellipsis at a word: never cut mid-word,
            // never written over by the keys shown or the player's notes.
            let bottom = lines.suffix(3).joined(separator: " ")
            for caption in captions {
                let words = caption.split(separator: " ").map(String.init)
                guard words.count >= 4, bottom.contains(words.prefix(3).joined(separator: " ")) else { continue }
                let shown = words.prefix { bottom.contains($0) }
                if shown.count < words.count, !bottom.contains("…") {
                    problems.append("\(who): the caption \"\(caption)\" is cut: \(lines.suffix(2).joined(separator: " / "))")
                }
            }
        }
    }

    /// The rows of `watcher` (a follower's screen, its note row left out) are a window of the
    /// presenter's screen, cell for cell: none garbled or reflowed. The presenter's last two
    /// rows (the caption, the keys shown and the player's notes, which change from one frame to
    /// the next) match any row.
    static func isWindow(of presenter: [String], _ watcher: [String]) -> Bool {
        let changing = (presenter.lastIndex { !$0.isEmpty } ?? presenter.count) - 1
        let note = watcher.lastIndex { $0.contains("Part of ") } ?? watcher.count
        let rows = watcher[..<note].map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        guard let first = rows.firstIndex(where: { !$0.isEmpty }) else { return true }
        for top in presenter.indices {
            for left in 0..<max(1, (presenter.map(\.count).max() ?? 0)) {
                let matches = rows.enumerated().allSatisfy { index, row in
                    let y = top + index - first
                    guard index >= first else { return true }
                    guard y >= 0, y < presenter.count else { return row.isEmpty }
                    if y >= changing { return true }
                    let source = Array(presenter[y])
                    let slice = left < source.count ? String(source[left..<min(source.count, left + row.count)]) : ""
                    return slice == row
                }
                if matches { return true }
            }
        }
        return false
    }

    /// The screen once two captures 300 ms apart agree, but for their last two rows (the keys
    /// shown and the notes change as they will): what a transition leaves when it is over.
    static func settled(_ session: TmuxSession, stage: StageInvariants, who: String) async throws -> String {
        func steady(_ screen: String) -> [Substring] { Array(screen.lines.dropLast(3)) }
        var last = try await session.capture()
        for _ in 0..<100 {
            try await Task.sleep(for: .milliseconds(300))
            let screen = try await session.capture()
            stage.check(screen, who: who)
            if steady(screen) == steady(last) { return screen }
            last = screen
        }
        throw EndToEndError("\(who): the screen never came to rest:\n\(last)")
    }

    @Test("A presenter, three attendees and two watchers through a whole workshop: every script on its storyboard, every frame of every pane within the stage's rules")
    func wholeWorkshop() async throws {
        let demos = DemoScriptTests.demos
        let scripts = try FileManager.default.contentsOfDirectory(atPath: demos.path).filter { $0.hasSuffix(".keys") }.sorted()
        let captions = try scripts.flatMap { name in
            try String(contentsOf: demos.appendingPathComponent(name), encoding: .utf8).split(separator: "\n")
                .filter { $0.hasPrefix("#> ") }.map { String($0.dropFirst(3)) }
        }
        let stage = StageInvariants(captions: captions)
        let server = try await Server(["--presenter-key", "$STATE/presenter.pub", "--storyboards", "$STATE/demos",
                                       "--presenter-options", "--theme high-contrast --show-keys --play-speed 20"]) { state in
            try Server.withPresenterKey(state)
            try FileManager.default.copyItem(at: demos, to: state.appendingPathComponent("demos"))
        }
        defer { server.stop() }
        let presenter = try await server.presenter(width: 120, height: 30)
        defer { presenter.kill() }
        let small = try await server.session("watch", width: 80, height: 24)
        defer { small.kill() }
        let large = try await server.session("watch", width: 200, height: 50)
        defer { large.kill() }
        _ = try await presenter.waitFor(text: "The segue catalog")

        // Every script of the presenter's folder, played from the menu, each on the app and
        // storyboard it needs, ending where its story says.
        let menu = try await presenter.capture()
        for story in DemoScriptTests.stories {
            let title = "Play " + story.file.dropLast(".keys".count)
            let row = try #require(menu.lines.first { $0.contains(title + " ") }, "no \(title) in the menu:\n\(menu)")
            let key = try #require(row.trimmingCharacters(in: .whitespaces).first)
            try await presenter.send(keys: String(key))
            // Space at each pause, until the script has ended; every screen on the way checked.
            var ended = ""
            for _ in 0..<20 {
                let screen = try await stage.waitUntil(presenter, "\(story.file) at a pause or its end", timeout: .seconds(60), who: "presenter, \(story.file)") { screen in
                    return screen.contains("Script ended") || screen.contains("Paused: Space goes on")
                }
                if screen.contains("Script ended") {
                    ended = screen
                    break
                }
                // Taken once the screen changes (the keys shown say Space at least): at speed 20 the
                // next pause may come before a capture sees this one go.
                try await presenter.send(keys: "Space")
                try await stage.waitUntil(presenter, "\(story.file) going on after its pause", timeout: .seconds(60), who: "presenter, \(story.file)") { next in
                    return next != screen
                }
            }
            #expect(ended.contains("Script ended"), "\(story.file) did not end")
            // Played fast, a script's waits are shorter than the simulated network's: its end is
            // the screen its story means once the app is at rest.
            ended = try await stage.waitUntil(presenter, "\(story.file)'s end, as its story says", timeout: .seconds(20), who: "presenter, \(story.file)") { screen in
                return story.screenLines.allSatisfy { texts in screen.lines.contains { line in texts.allSatisfy { line.contains($0) } } }
                    && !story.notOnScreen.contains { screen.contains($0) }
            }
            // The watchers show the presenter's screen: the large one whole, the small one a window of it.
            // At rest: a transition (animations are on) may still be moving the last card away.
            ended = try await Self.settled(presenter, stage: stage, who: "presenter, \(story.file)")
            let shown = ended.lines.map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
            // Its last two rows change from frame to frame (the keys shown, the notes): the rest.
            let steady = shown.prefix((shown.lastIndex { !$0.isEmpty } ?? shown.count) - 1).filter { !$0.isEmpty }
            var missing: [String] = []
            do {
                try await stage.waitUntil(large, "the large watcher showing \(story.file)'s end", who: "200x50 watcher") { screen in
                    missing = steady.filter { !screen.contains($0.trimmingCharacters(in: .whitespaces)) }
                    return missing.isEmpty
                }
            } catch {
                Issue.record("the large watcher lacks the presenter's rows \(missing)")
                throw error
            }
            try await stage.waitUntil(small, "the small watcher showing part of \(story.file)'s end", who: "80x24 watcher") { screen in
                return screen.contains("Part of 120x30") && Self.isWindow(of: shown, screen.lines.map(String.init))
            }
            // Ctrl-C leaves anywhere (q would be typed where a text field has focus, as abort's Amount).
            try await presenter.send(keys: "C-c")
            _ = try await presenter.waitFor(text: "The segue catalog")
        }
        // A script rewound on stage: send.keys to its second pause (Contacts up), F4 back to the
        // first (the wallet, paused, nothing presented), F5 from its beginning, Ctrl-C out.
        let sendRow = try #require(menu.lines.first { $0.contains("Play send ") })
        try await presenter.send(keys: String(try #require(sendRow.trimmingCharacters(in: .whitespaces).first)))
        let first = try await presenter.waitFor(text: "Paused: Space goes on")
        try await presenter.send(keys: "Space")
        try await stage.waitUntil(presenter, "send.keys at its second pause, Contacts up", who: "presenter, rewinding") { screen in
            return screen != first && screen.contains("Paused: Space goes on") && screen.contains("Alan Johnson")
        }
        try await presenter.send(keys: "F4")
        try await stage.waitUntil(presenter, "send.keys back at its first pause", who: "presenter, rewound") { screen in
            return screen.contains("Paused: Space goes on") && !screen.contains("Alan Johnson") && screen.contains("€ 5,432.01")
        }
        try await presenter.send(keys: "F5")
        try await stage.waitUntil(presenter, "send.keys from its beginning", who: "presenter, restarted") { screen in
            return screen.contains("Paused: Space goes on") && !screen.contains("Alan Johnson")
        }
        try await presenter.send(keys: "C-c")
        _ = try await presenter.waitFor(text: "The segue catalog")

        // The wallet, stepping Send with the inspector open; back a pause, and start over.
        _ = try await presenter.send("1", thenWaitFor: "€ 5,432.01")
        // The presenter sees who follows, and the smallest window in the room; that window shows
        // the focused control (New Transfer, at the bottom of the presenter's 30 rows).
        _ = try await presenter.waitFor(text: "2 following · smallest 80x24")
        _ = try await stage.waitUntil(small, "the small watcher showing the focused New Transfer", who: "80x24 watcher") { screen in
            return screen.contains("New Transfer") && screen.contains("following the focus")
        }
        try await presenter.send(keys: "F2", "n")
        _ = try await presenter.waitFor(text: "Alan Johnson")
        try await presenter.send(keys: "Down", "Down", "Enter")
        _ = try await presenter.waitFor(text: "Amount")
        try await presenter.type("12.34")
        try await presenter.send(keys: "F3", "Enter")
        for _ in 0..<12 {
            try await stage.waitUntil(presenter, "a step of the unwind", timeout: .seconds(15), who: "presenter, stepping") { screen in
                return screen.contains("Space next step") || screen.contains("-€ 12.34")
            }
            try await presenter.send(keys: "Space")
        }
        try await stage.waitUntil(presenter, "the transfer recorded", who: "presenter, stepped") { screen in
            return screen.contains("-€ 12.34") && !screen.contains("Space next step")
        }
        // Back (F4) asks first, with no script to go back in; another key goes on; F5 twice starts over.
        try await presenter.send(keys: "F4")
        _ = try await presenter.waitFor(text: "F4 again starts over")
        try await presenter.send(keys: "Tab")
        _ = try await presenter.waitUntil("the question gone, the transfer kept") { !$0.contains("F4 again") && $0.contains("-€ 12.34") }
        try await presenter.send(keys: "F5")
        _ = try await presenter.waitFor(text: "F5 again starts over")
        try await presenter.send(keys: "F5")
        _ = try await presenter.waitUntil("the wallet as launched") { $0.contains("€ 5,432.01") && !$0.contains("-€ 12.34") }

        // Three attendees, each a transfer of their own at their own size.
        for (width, height) in [(80, 24), (100, 28), (120, 30)] {
            let attendee = try await server.wallet(width: width, height: height)
            defer { attendee.kill() }
            try await attendee.sendTwelveThirtyFourToHeather()
            try await stage.waitUntil(attendee, "attendee \(width)x\(height)'s transfer", who: "attendee \(width)x\(height)") { screen in
                return screen.lines.contains { $0.contains("Heather Morgan") && $0.contains("-€ 12.34") }
            }
        }
        _ = try await presenter.waitFor(text: "2 following")
        #expect(stage.problems.isEmpty, "\(stage.problems.count) problems:\n\(stage.problems.prefix(20).joined(separator: "\n"))")
    }
}
