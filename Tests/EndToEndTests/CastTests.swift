import Foundation
import TestSupport
import Testing
@testable import WalletCLI

/// `--cast FILE` (asciicast v2, what asciinema plays) and `--frames DIR`: a demo taken home.
@Suite("Casts and frames of a run")
struct CastTests {
    /// The header and the events of a cast, each event checked to be `[seconds, "o"|"r", text]`.
    static func read(_ url: URL) throws -> (header: [String: Any], events: [(time: Double, kind: String, data: String)]) {
        let lines = try String(contentsOf: url, encoding: .utf8).split(separator: "\n")
        let first = try #require(lines.first)
        let header = try #require(try JSONSerialization.jsonObject(with: Data(first.utf8)) as? [String: Any])
        let events = try lines.dropFirst().map { line in
            let event = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [Any])
            let time = try #require(event.first as? NSNumber).doubleValue
            return (time, try #require(event[1] as? String), try #require(event[2] as? String))
        }
        return (header, events)
    }

    /// The screen the output events draw, by the few sequences the cast uses: CSI row;col H,
    /// SGR (m), and showing or hiding the cursor.
    static func replay(_ events: [(time: Double, kind: String, data: String)], width: Int, height: Int) -> [String] {
        var screen = Array(repeating: Array(repeating: Character(" "), count: width), count: height)
        var x = 0, y = 0
        var size = (width, height)
        for event in events {
            if event.kind == "r" {
                let parts = event.data.split(separator: "x").compactMap { Int($0) }
                size = (parts[0], parts[1])
                screen = Array(repeating: Array(repeating: Character(" "), count: size.0), count: size.1)
                continue
            }
            var characters = Array(event.data)
            var index = 0
            while index < characters.count {
                if characters[index] == "\u{1B}", index + 1 < characters.count, characters[index + 1] == "[" {
                    var end = index + 2
                    while end < characters.count, !characters[end].isLetter { end += 1 }
                    let parameters = String(characters[(index + 2)..<end])
                    if characters[end] == "H" {
                        let numbers = parameters.split(separator: ";").compactMap { Int($0) }
                        y = numbers[0] - 1
                        x = numbers[1] - 1
                    }
                    index = end + 1
                    continue
                }
                if y < size.1, x < size.0 { screen[y][x] = characters[index] }
                x += 1
                index += 1
            }
            characters.removeAll()
        }
        return screen.map { String($0).replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
    }

    @Test("--cast writes asciicast v2: a header with version 2 and the size, then [time, \"o\", text] events on the script's clock, which replay to the screen the run ends on")
    func headlessCast() async throws {
        let folder = try TemporaryFolder("wallet-cast")
        let cast = URL(fileURLWithPath: folder.path("run.cast"))
        let result = try await runWallet(["--headless", "--keys", "n<wait 1><down><wait 0.5><resize 70x20>", "--cast", cast.path])
        #expect(result.status == 0, "\(result.standardError)")
        let (header, events) = try Self.read(cast)
        #expect(header["version"] as? Int == 2 && header["width"] as? Int == 80 && header["height"] as? Int == 24, "\(header)")
        #expect(events.map(\.time) == events.map(\.time).sorted(), "times only go forward")
        // The script's 1.5 s, and a typing pace for each of its two keys and its resize.
        #expect(events.last?.time == 1.5 + 3 * 0.125)
        #expect(events.contains { $0.kind == "r" && $0.data == "70x20" })
        let printed = result.standardOutput.components(separatedBy: "\n").map { $0.replacingOccurrences(of: "\\s+$", with: "", options: .regularExpression) }
        #expect(Self.replay(events, width: 80, height: 24) == Array(printed.prefix(20)), "\(result.standardOutput)")
    }

    @Test("--frames writes each frame of a headless run as text, the last the screen printed")
    func headlessFrames() async throws {
        let temporary = try TemporaryFolder("wallet-frames")
        let folder = temporary.url.appendingPathComponent("frames")
        let result = try await runWallet(["--headless", "--keys", "n<down>", "--frames", folder.path])
        #expect(result.status == 0, "\(result.standardError)")
        let names = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(names.count >= 3 && names.first == "frame-00001.txt", "\(names)")
        let lastName = try #require(names.last)
        let last = try String(contentsOf: folder.appendingPathComponent(lastName), encoding: .utf8)
        #expect(last == result.standardOutput)
        #expect(try await runWallet(["--frames", folder.path]).standardError.contains("--frames writes the frames of a --headless run"))
    }

    @Test("In a real terminal, --cast records the session at the terminal's size, on the wall clock")
    func terminalCast() async throws {
        let folder = try TemporaryFolder("wallet-cast")
        let cast = URL(fileURLWithPath: folder.path("session.cast"))
        let session = try await TmuxSession.wallet(arguments: ["--cast", cast.path], width: 90, height: 26)
        defer { session.kill() }
        try await session.send("n", thenWaitFor: "Alan Johnson")
        try await session.quitExpectingSuccess()
        let (header, events) = try Self.read(cast)
        #expect(header["width"] as? Int == 90 && header["height"] as? Int == 26, "\(header)")
        #expect(events.count >= 2 && events.allSatisfy { $0.kind == "o" })
        #expect(events.contains { $0.data.contains("Alan Johnson") })
    }
}

/// A script's captions (`#> text`): shown to the room over the keys' row until the next one, in
/// headless output and in the trace, and in a real terminal while the script plays.
@Suite("Captions for the room")
struct CaptionTests {
    static let script = """
        # A script with captions.
        #> New Transfer presents Contacts modally, in its own navigation controller
        n
        <wait 1>
        #> Heather Morgan: a show segue pushes Amount
        <down><down><enter>
        <wait 1>
        """

    @Test("Headless, the caption last said shows over the keys' row, whole, and the trace says each where it was said")
    func headlessCaptions() async throws {
        let folder = try TemporaryFolder("wallet-captions")
        try folder.write("captions.keys", Self.script)
        let trace = URL(fileURLWithPath: folder.path("run.trace"))
        let result = try await runWallet(["--headless", "--play", folder.path("captions.keys"), "--trace", trace.path, "--trace-format", "json"])
        #expect(result.status == 0, "\(result.standardError)")
        // The keys' row, the last.
        let lines = result.standardOutput.lines.filter { !$0.isEmpty }
        #expect(lines.last?.trimmingCharacters(in: .whitespaces) == "Heather Morgan: a show segue pushes Amount", "\(result.standardOutput)")
        #expect(!result.standardOutput.contains("New Transfer presents"), "the first caption gave way to the second")
        let events = try String(contentsOf: trace, encoding: .utf8).split(separator: "\n").map(String.init)
        let captions = events.filter { $0.contains("\"kind\":\"caption\"") }
        #expect(captions.count == 2, "\(events)")
        // Said where it was: the first before New Transfer's segue, the second before the push.
        let firstSegue = try #require(events.firstIndex { $0.contains("shouldPerformSegue") })
        #expect(try #require(events.firstIndex(of: captions[0])) < firstSegue)
    }

    @Test("In a real terminal a playing script's caption shows over the keys' row, and the player's note takes only its right end")
    func captionInTerminal() async throws {
        // At a high speed every step is due at once, and the script's last note comes right
        // after the caption: it once blanked the caption whole, as it blanks a footer's hint.
        let folder = try TemporaryFolder("wallet-captions")
        try folder.write("captions.keys", Self.script + "\n<pause>\n")
        // Not TmuxSession.wallet, which waits for the wallet's first screen: the script may
        // have moved on from it by then.
        let session = try await TmuxSession(arguments: ["--play", folder.path("captions.keys"), "--play-speed", "100"])
        defer { session.kill() }
        try await session.waitUntil("the caption beside the pause's note") { screen in
            screen.lines.contains { $0.contains("Heather Morgan: a show segue") && $0.contains("Paused: Space goes on") }
        }
        try await session.quitExpectingSuccess()
    }

    @Test("A caption of two rows leaves the player's note its room: every word of it shows beside the note, on an 80-column terminal")
    func longCaptionBesideTheNote() async throws {
        let caption = "The unwind asks each controller on the way back, nearest first, whether it implements sendTransaction:"
        let folder = try TemporaryFolder("wallet-captions")
        try folder.write("long.keys", "#> \(caption)\nn\n<pause>\n")
        let session = try await TmuxSession(arguments: ["--play", folder.path("long.keys"), "--play-speed", "100"])
        defer { session.kill() }
        let screen = try await session.waitUntil("the pause's note") { $0.contains("Paused: Space goes on") && $0.contains("Cancel") }
        let bottom = screen.lines.filter { !$0.trimmingCharacters(in: .whitespaces).isEmpty }.suffix(2).joined(separator: " ")
        for word in caption.split(separator: " ") {
            #expect(bottom.split(separator: " ").contains(word), "\(word) is covered:\n\(screen)")
        }
        try await session.quitExpectingSuccess()
    }
}

@Suite("Keys shown to the audience (--show-keys)")
struct ShowKeysTests {
    @Test("--show-keys shows the last keys pressed at the right of the keys' row, arrows as arrows, the newest last, at most eight")
    func lastKeysShown() async throws {
        let result = try await runWallet(["--headless", "--show-keys", "--keys", "n<down><down><enter>12"])
        let footer = result.standardOutput.lines.filter { !$0.isEmpty }.last ?? ""
        #expect(footer.hasSuffix(" n ↓ ↓ Enter 1 2"), "\(footer)")
        let many = try await runWallet(["--headless", "--show-keys", "--keys", "n<down><up><down><up><down><up><down><up><esc>"])
        let last = many.standardOutput.lines.filter { !$0.isEmpty }.last ?? ""
        #expect(last.hasSuffix(" ↑ ↓ ↑ ↓ ↑ ↓ ↑ Esc"), "\(last)")
        let plain = try await runWallet(["--headless", "--keys", "n"])
        #expect(!(plain.standardOutput.lines.filter { !$0.isEmpty }.last ?? "").hasSuffix(" n"))
    }
}

extension CastTests {
    /// Issue 32, defect 7: `--cast live.cast --record live.keys` wrote a playback line with
    /// `--cast live.cast` in it, and running it replaced the recording's cast; `--cast` and
    /// `--frames` replaced files without asking.
    @Test("A recording's playback line records nothing, and --cast, --frames and --record replace nothing without --overwrite")
    func takeHomeFilesKept() async throws {
        #expect(DemoSession.removingDemoOptions(from: ["--cast", "live.cast", "--show-keys", "--record", "live.keys", "--frames=f", "--overwrite",
                                                       "--theme", "mono"]) == ["--show-keys", "--theme", "mono"])
        let folder = try TemporaryFolder("wallet-overwrite")
        let cast = folder.path("live.cast")
        try Data("the first take\n".utf8).write(to: URL(fileURLWithPath: cast))
        let refused = try await runWallet(["--headless", "--keys", "n", "--cast", cast])
        #expect(refused.status != 0 && refused.standardError.contains("--cast: \"\(cast)\" is already there; give --overwrite"), "\(refused.standardError)")
        #expect(try String(contentsOf: URL(fileURLWithPath: cast), encoding: .utf8) == "the first take\n")
        let replaced = try await runWallet(["--headless", "--keys", "n", "--cast", cast, "--overwrite"])
        #expect(replaced.status == 0, "\(replaced.standardError)")
        #expect(try String(contentsOf: URL(fileURLWithPath: cast), encoding: .utf8).hasPrefix("{"))
        // Frames: a folder that holds some already.
        let frames = folder.path("frames")
        #expect(try await runWallet(["--headless", "--keys", "n", "--frames", frames]).status == 0)
        let again = try await runWallet(["--headless", "--keys", "n", "--frames", frames])
        #expect(again.status != 0 && again.standardError.contains("already holds frames; give --overwrite"), "\(again.standardError)")
        // A recording: refused before any terminal is asked for.
        let keys = folder.path("live.keys")
        try Data("n\n".utf8).write(to: URL(fileURLWithPath: keys))
        let record = try await runWallet(["--record", keys])
        #expect(record.standardError.contains("--record: \"\(keys)\" is already there; give --overwrite"), "\(record.standardError)")
        #expect(try String(contentsOf: URL(fileURLWithPath: keys), encoding: .utf8) == "n\n")
    }

    /// Issue 32, defect 8: of 46 events of a headless cast of send.keys, 32 had the time of the
    /// one before: the launch, F2, the first caption and the Contacts card at 0.000, `1 2 . 3 4`
    /// at one instant; no viewer saw what a pause was for.
    @Test("A headless cast gives each key a typing pace, each caption a marker and time to read it, and each pause a marker and a dwell")
    func headlessCastPaced() async throws {
        let folder = try TemporaryFolder("wallet-cast")
        let cast = URL(fileURLWithPath: folder.path("send.cast"))
        let script = DemoScriptTests.demos.appendingPathComponent("send.keys").path
        let result = try await runWallet(["--headless", "--play", script, "--cast", cast.path])
        #expect(result.status == 0, "\(result.standardError)")
        let (_, events) = try Self.read(cast)
        let captions = try String(contentsOfFile: script, encoding: .utf8).split(separator: "\n").filter { $0.hasPrefix("#> ") }.map { String($0.dropFirst(3)) }
        let markers = events.filter { $0.kind == "m" }
        for caption in captions {
            let marker = try #require(markers.first { $0.data == caption }, "no marker for \(caption)")
            // Nothing else happens until the caption can be read.
            let next = try #require(events.first { $0.time > marker.time })
            #expect(next.time - marker.time >= 2, "\(caption) is read in \(next.time - marker.time) s")
        }
        #expect(markers.contains { $0.data.hasPrefix("pause") }, "no pause marked: \(markers.map { $0.data })")
        #expect((markers.first?.time ?? 0) > 0, "the first caption comes at the start")
        // Frames come one at a time: no two output events share an instant.
        let outputs = events.filter { $0.kind == "o" }
        let shared = zip(outputs, outputs.dropFirst()).filter { $0.0.time == $0.1.time }.count
        #expect(shared == 0, "\(shared) of \(outputs.count) frames share the time of the one before")
    }
}
