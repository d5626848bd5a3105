import ArgumentParser
import FoundationEssentials
import Terminal

/// `--cast FILE`: what the app draws, as an asciinema recording (asciicast v2, the format every
/// terminal-demo site plays): a line of JSON saying the terminal's size, then one line a frame,
/// `[seconds, "o", text]`, the text the ANSI sequences that draw the frame's changed cells, and
/// `[seconds, "r", "WxH"]` when the size changes, `[seconds, "m", label]` at a caption or a
/// pause. Headless, the seconds are the script's clock, which `<wait S>` moves and which is
/// paced for a viewer (`ScriptPacing`); in a terminal, those since the start.
final class CastRecordingBackend: ResizableTerminal {
    let base: TerminalBackend
    private let clock: () -> Double
    private let file: OutputFile
    private var lastSize: Size
    /// The cursor as the last event left it (hidden: nil).
    private var lastCursor: Point?
    /// The first write that failed; nothing more is written after it.
    private(set) var failure: FileFailure?

    struct Header: Encodable {
        let version = 2
        let width: Int
        let height: Int
        let timestamp: Int
        let title: String
        let env: [String: String]
    }

    /// One event: its time, its kind ("o" output, "r" resize) and its data.
    struct Event: Encodable {
        let time: Double
        let kind: String
        let data: String

        func encode(to encoder: any Encoder) throws {
            var container = encoder.unkeyedContainer()
            // Microseconds, as asciinema writes them: no 0.30000000000000004.
            try container.encode((time * 1_000_000).rounded() / 1_000_000)
            try container.encode(kind)
            try container.encode(data)
        }
    }

    private let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// Writes the header at once; `clock` gives the seconds of each frame.
    init(base: TerminalBackend, file: OutputFile, title: String, clock: @escaping () -> Double) {
        self.base = base
        self.file = file
        self.clock = clock
        lastSize = base.size
        write(Header(width: base.size.width, height: base.size.height, timestamp: FileSystem.now(), title: title,
                     env: ["TERM": FileSystem.environment("TERM") ?? "xterm-256color", "SHELL": FileSystem.environment("SHELL") ?? "/bin/sh"]))
    }

    var size: Size { base.size }
    var capabilities: TerminalCapabilities { base.capabilities }
    var shouldTerminate: Bool { base.shouldTerminate }
    func readKey(timeout: Double?) -> Key? { base.readKey(timeout: timeout) }
    func readEvent(timeout: Double?) -> Terminal.Event? { base.readEvent(timeout: timeout) }
    func suspend() { base.suspend() }
    func resize(to size: Size) { (base as? ResizableTerminal)?.resize(to: size) }

    func draw(_ changes: [CellChange], cursor: Point?) {
        base.draw(changes, cursor: cursor)
        let now = clock()
        if base.size != lastSize {
            lastSize = base.size
            write(Event(time: now, kind: "r", data: "\(lastSize.width)x\(lastSize.height)"))
        } else if changes.isEmpty, cursor == lastCursor {
            // A frame that changes nothing is no event: a player would show nothing new.
            return
        }
        lastCursor = cursor
        write(Event(time: now, kind: "o", data: Self.ansi(changes, cursor: cursor)))
    }

    /// A marker (`[seconds, "m", label]`), which players show as a chapter and can pause at
    /// (asciinema's `--pause-on-markers`): a caption, or a pause of the script.
    func mark(_ label: String) {
        write(Event(time: clock(), kind: "m", data: label))
    }

    /// The escape sequences that draw `changes` on a terminal showing the frame before them.
    static func ansi(_ changes: [CellChange], cursor: Point?) -> String {
        var text = ""
        var at: Point?
        var style: Style?
        for change in changes where !change.cell.isContinuation {
            if at != change.point { text += "\u{1B}[\(change.point.y + 1);\(change.point.x + 1)H" }
            if style != change.cell.style {
                text += sgr(change.cell.style)
                style = change.cell.style
            }
            text.append(change.cell.character)
            at = Point(x: change.point.x + change.cell.character.terminalWidth, y: change.point.y)
        }
        if style != nil { text += "\u{1B}[0m" }
        if let cursor {
            text += "\u{1B}[\(cursor.y + 1);\(cursor.x + 1)H\u{1B}[?25h"
        } else {
            text += "\u{1B}[?25l"
        }
        return text
    }

    /// Select Graphic Rendition for a style, from the terminal's defaults.
    static func sgr(_ style: Style) -> String {
        var codes = ["0"]
        let attributes: [(Attributes, String)] = [(.bold, "1"), (.dim, "2"), (.italic, "3"), (.underline, "4"), (.reverse, "7")]
        codes += attributes.filter { style.attributes.contains($0.0) }.map(\.1)
        let colors: [Color] = [.black, .red, .green, .yellow, .blue, .magenta, .cyan, .white]
        if let index = colors.firstIndex(of: style.foreground) { codes.append("\(30 + index)") }
        if let index = colors.firstIndex(of: style.background) { codes.append("\(40 + index)") }
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    private func write(_ value: some Encodable) {
        guard failure == nil else { return }
        do {
            let data = try encoder.encode(value)
            try file.write(String(decoding: data, as: UTF8.self) + "\n")
        } catch let error as FileFailure {
            failure = error
        } catch {
            // JSONEncoder cannot fail on these values.
        }
    }
}

extension CastRecordingBackend {
    /// Says once, on standard error, that the recording stopped, if it did.
    func reportFailure() {
        if let failure {
            OutputFile.standardError.writeIfPossible("wallet: cannot write the recording to \(failure); the frames after that were not recorded\n")
        }
    }
}

/// `--frames DIR`: each frame a headless run draws, as the text of the screen, in
/// `DIR/frame-00001.txt` and on (the folder made if missing; other files in it left alone).
final class FramesWritingBackend: ResizableTerminal {
    let base: MemoryTerminal
    private let folder: String
    private var count = 0
    private var failed = false

    init(base: MemoryTerminal, folder path: String) throws {
        self.base = base
        folder = path.hasSuffix("/") ? path : path + "/"
        if let failure = FileSystem.makeDirectory(atPath: path) {
            OutputFile.standardError.writeIfPossible("wallet: --frames: cannot make the folder \"\(path.escapedForMessage)\": \(failure)\n")
            throw ExitCode.failure
        }
    }

    var size: Size { base.size }
    var capabilities: TerminalCapabilities { base.capabilities }
    var shouldTerminate: Bool { base.shouldTerminate }
    func readKey(timeout: Double?) -> Key? { base.readKey(timeout: timeout) }
    func readEvent(timeout: Double?) -> Event? { base.readEvent(timeout: timeout) }
    func suspend() { base.suspend() }
    func resize(to size: Size) { base.resize(to: size) }

    func draw(_ changes: [CellChange], cursor: Point?) {
        base.draw(changes, cursor: cursor)
        guard !failed else { return }
        count += 1
        let name = "frame-" + String(repeating: "0", count: max(0, 5 - String(count).count)) + "\(count).txt"
        do {
            let file = try OutputFile.open(path: folder + name)
            defer { file.close() }
            try file.write(base.text + "\n")
        } catch {
            failed = true
            OutputFile.standardError.writeIfPossible("wallet: --frames: cannot write \(error); no more frames written\n")
        }
    }
}
