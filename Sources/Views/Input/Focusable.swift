import Navigation
import Terminal

/// A view that can take keyboard focus and act on keys while it has it.
@MainActor
public protocol Focusable: View {
    /// Whether Tab may stop here now (enabled, and with something to act on).
    var canBecomeFocused: Bool { get }
    /// Handles a key; false when the key is not the view's, so the screen may use it.
    func handle(_ key: Key) -> Bool
}
