import App
import Terminal
import Views

/// A script played in a terminal (`PlayingBackend`) as the app meets it: the script's keys, and
/// the presenter's keys the script's player (`ScriptPlayerResponder`, first in the app's
/// chain) leaves to the app or hands on to it (q and Ctrl-C become the app's Ctrl-C, F4 and F5
/// are the app's too). What `readKey` returns is what the app would handle.
@MainActor
@dynamicMemberLookup
public final class PlayedScript {
    public let player: PlayingBackend
    private let clock: () -> Double
    private var handedOn: Key?
    private lazy var responder = ScriptPlayerResponder(player: player) { [unowned self] action, key in
        handedOn = action == .interrupt ? .control("c") : key
    }

    public init(player: PlayingBackend, clock: @escaping () -> Double) {
        self.player = player
        self.clock = clock
    }

    public subscript<T>(dynamicMember path: KeyPath<PlayingBackend, T>) -> T { player[keyPath: path] }
    public func draw(_ changes: [CellChange], cursor: Point?) { player.draw(changes, cursor: cursor) }
    public func suspend() { player.suspend() }

    /// The next key the app handles, waiting at most `timeout` seconds (nil: as long as it takes).
    public func readKey(timeout: Double?) -> Key? {
        let deadline = timeout.map { clock() + max(0, $0) }
        while true {
            guard let event = player.readEvent(timeout: deadline.map { max(0, $0 - clock()) }) else { return nil }
            if case .scriptKey(let key) = event { return key }
            // A resize is the terminal's: the app handles it before any responder.
            guard let key = event.key, key != .resize else { return event.key }
            handedOn = nil
            guard ResponderChain([responder]).send(key) else { return key }
            if let handedOn { return handedOn }
            // The player's own key: the app waits on.
            if let deadline, clock() >= deadline { return nil }
        }
    }
}
