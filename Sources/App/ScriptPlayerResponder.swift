import Terminal
import Views

/// The script playing (`wallet --play`, `PlayingBackend`) in the responder chain, first: while
/// it plays, the presenter's keys are its own. Space at a pause goes on; q and Ctrl-C stop the
/// script, and the app gets Ctrl-C, which quits as always (asking first while a transfer is
/// sent); F5 starts the script again and F4 takes it back to its previous pause, and the app is
/// launched again to replay it; Ctrl-Z suspends as always; any other key, or a click, is
/// ignored, with a note on the last row saying which keys do something. Once the script has
/// ended, only F4 and F5 are its own. The script's keys (`Event.scriptKey`) never reach it: they
/// go to the app as typed.
@MainActor
public final class ScriptPlayerResponder: Responder {
    public let player: PlayingBackend
    /// Hands an action on to the app, with the key that asked for it: Ctrl-C's interrupt, F4's
    /// and F5's launch.
    private let app: (KeyAction, Key) -> Void

    public init(player: PlayingBackend, app: @escaping (KeyAction, Key) -> Void) {
        self.player = player
        self.app = app
    }

    public var keyCommands: [KeyCommand] { player.hasEnded ? Self.relaunchCommands : Self.commands }

    private static let commands = KeyBindings.commands(in: .scriptPlayer, priority: true)
    private static let relaunchCommands = KeyBindings.commands(in: .scriptPlayer, priority: true, sending: [.restart, .rewind])

    public func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool {
        switch action {
        case .continueScript: player.isPaused
        case .stopScript, .restart, .rewind: true
        // Ctrl-Z suspends while a script plays too.
        case .ignoreWhileScriptPlays: sender != .control("z")
        default: false
        }
    }

    public func perform(_ action: KeyAction, withSender sender: Key) {
        switch action {
        case .continueScript: player.continueScript()
        case .stopScript:
            player.stopScript()
            app(.interrupt, .control("c"))
        case .restart:
            player.restartScript()
            app(.restart, sender)
        case .rewind:
            player.rewind()
            app(.rewind, sender)
        case .ignoreWhileScriptPlays: player.ignoreKey()
        default: break
        }
    }
}
