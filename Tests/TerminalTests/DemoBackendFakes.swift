import Terminal

/// Time for the demo backends, moved only by the fake terminal below.
final class ManualClock {
    var now = 0.0
}

/// A terminal whose keys are typed at given times on a manual clock: waiting for a key moves
/// the clock to the key's time, or by the whole timeout when none comes in it.
final class TimedTerminal: TerminalBackend {
    let clock: ManualClock
    var size: Size
    let capabilities = TerminalCapabilities(unicode: true, color: false)
    var shouldTerminate = false
    /// Keys the presenter will type, in time order.
    var typing: [(at: Double, key: Key)]
    /// How long a Ctrl-Z stop lasts before `fg`.
    var suspension = 0.0
    private(set) var screen: CellBuffer

    init(clock: ManualClock, size: Size = Size(width: 60, height: 4), typing: [(at: Double, key: Key)] = []) {
        self.clock = clock
        self.size = size
        self.typing = typing
        screen = CellBuffer(size: size)
    }

    func readKey(timeout: Double?) -> Key? {
        if let next = typing.first, timeout.map({ next.at <= clock.now + $0 }) ?? true {
            typing.removeFirst()
            clock.now = max(clock.now, next.at)
            return next.key
        }
        if let timeout { clock.now += timeout }
        return nil
    }

    func draw(_ changes: [CellChange], cursor: Point?) {
        if screen.size != size { screen = CellBuffer(size: size) }
        for change in changes { screen[change.point.x, change.point.y] = change.cell }
    }

    func suspend() { clock.now += suspension }

    /// The last row, as text.
    var lastRow: String { screen.lines.last ?? "" }
}
