import Navigation
import Terminal

/// The focus stop that stands for a tap gesture recognizer: a terminal has no taps, so a view
/// with a tap gesture recognizer is reached with Tab like a button, and Enter (or Space) on it
/// fires the recognizer, as a tap on the view does. The view itself is drawn as it is, in the
/// focus colours while the stop has focus.
@MainActor
final class TapGestureFocus: View, Focusable {
    private(set) weak var recognizer: TapGestureRecognizer?

    private init(_ recognizer: TapGestureRecognizer) {
        self.recognizer = recognizer
        super.init()
    }

    /// The stop for a recognizer: one for its lifetime, so that focus stays on it across frames.
    static func stop(for recognizer: TapGestureRecognizer) -> TapGestureFocus {
        if let stop = recognizer.attachment as? TapGestureFocus { return stop }
        let stop = TapGestureFocus(recognizer)
        recognizer.attachment = stop
        return stop
    }

    var canBecomeFocused: Bool {
        guard let recognizer, let view = recognizer.view else { return false }
        return recognizer.isEnabled && !view.isHidden && !recognizer.connections.isEmpty
    }

    /// The screen's Enter and Space (`press`), with the footer's word for it here.
    var keyCommands: [KeyCommand] { Self.commands }
    private static let commands = KeyBindings.commands(in: .screen, sending: [.press])

    func title(for command: KeyCommand) -> String { command.action == .press ? "tap" : "" }

    func canPerformAction(_ action: KeyAction, withSender sender: Key) -> Bool { action == .press }

    func perform(_ action: KeyAction, withSender sender: Key) {
        recognizer?.recognize()
    }
}
