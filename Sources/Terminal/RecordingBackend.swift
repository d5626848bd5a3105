/// A terminal that writes down the keys the app reads from it, as a script `--play` (or
/// `--headless --keys-file`) plays back (`wallet --record`).
///
/// Each key is written in the `--keys` notation when the next one comes (see below), so that
/// no more than the last key is lost if the app is killed. A gap of more than `minimumWait`
/// seconds before a key is written as `<wait S>`, S rounded to a tenth of a second (time spent
/// suspended with Ctrl-Z does not count). A line
/// ends after each `<enter>`, and a wait has a line of its own, so that the script reads as the
/// session went; a `#` typed at the start of a line is written `<hash>`, which is not a comment,
/// and Space is written `<space>`, which no editor trims.
/// What the notation cannot write (a resize, which nobody typed) is left out.
///
/// The keys that quit are not written, so that playing the recording ends on the screen the
/// audience should see, not on the shell: each key is written when the next one comes, and
/// while `holdsKeys` says a quit is being asked (the Quit? question), keys wait together; at
/// `finish(quit:)` the waiting keys are written, unless the app quit by them.
public final class RecordingBackend: TerminalBackend {
    /// Gaps longer than this become `<wait S>`; shorter ones are typing.
    public static let minimumWait = 1.0

    public let base: TerminalBackend
    private let clock: () -> Double
    private let write: (String) -> Void
    /// When the last key came (or recording began).
    private var last: Double
    private var atLineStart = true
    /// The keys read but not written yet, each with the seconds since the key before it: the
    /// last one, and those since a quit was asked.
    private var held: [(key: Key, gap: Double)] = []
    /// Whether the app is asking whether to quit: the keys then wait with the one that asked.
    public var holdsKeys: () -> Bool = { false }

    /// `write` gets the script piece by piece; `clock` gives seconds on any monotonic scale.
    public init(base: TerminalBackend, clock: @escaping () -> Double, write: @escaping (String) -> Void) {
        self.base = base
        self.clock = clock
        self.write = write
        last = clock()
    }

    public var size: Size { base.size }
    public var capabilities: TerminalCapabilities { base.capabilities }
    public var shouldTerminate: Bool { base.shouldTerminate }
    public func draw(_ changes: [CellChange], cursor: Point?) { base.draw(changes, cursor: cursor) }

    public func readKey(timeout: Double?) -> Key? { readEvent(timeout: timeout)?.key }

    public func readEvent(timeout: Double?) -> Event? {
        let event = base.readEvent(timeout: timeout)
        if let key = event?.key { record(key) }
        return event
    }

    public func suspend() {
        let start = clock()
        base.suspend()
        last += max(0, clock() - start)
    }

    /// Writes the keys held back, unless `quit` (the app quit by them: then only the time before
    /// them, as a wait, so that playing shows the end as long as it showed), and ends the last line.
    public func finish(quit: Bool) {
        if !quit {
            held.forEach { writeKey($0.key, gap: $0.gap) }
        } else if let first = held.first, first.gap > Self.minimumWait {
            writeWait(first.gap)
        }
        held = []
        if !atLineStart { emit("\n") }
    }

    private func record(_ key: Key) {
        let now = clock()
        let gap = now - last
        last = now
        if !holdsKeys() {
            held.forEach { writeKey($0.key, gap: $0.gap) }
            held = []
        }
        held.append((key, gap))
    }

    private func writeKey(_ key: Key, gap: Double) {
        let notation: String
        if atLineStart && key == .character("#") {
            notation = "<hash>"
        } else if key == .character(" ") {
            // Space, the presenter's key at a pause and in step-through, is a blank at a line's
            // end that editors trim and nobody sees: written as it is read in the demos.
            notation = "<space>"
        } else {
            notation = KeyNotation.format(key)
        }
        guard (try? KeyNotation.parse(notation)) == [.press(key)] else { return }
        if gap > Self.minimumWait { writeWait(gap) }
        emit(notation)
        if key == .enter { emit("\n") }
    }

    private func writeWait(_ seconds: Double) {
        if !atLineStart { emit("\n") }
        emit("<wait \(Self.tenths(seconds))>\n")
    }

    private func emit(_ text: String) {
        write(text)
        atLineStart = text.hasSuffix("\n")
    }

    /// Seconds rounded to a tenth, as `<wait S>` writes them: `1.3`, `12.0`.
    static func tenths(_ seconds: Double) -> String {
        let tenths = Int((seconds * 10).rounded())
        return "\(tenths / 10).\(tenths % 10)"
    }
}
