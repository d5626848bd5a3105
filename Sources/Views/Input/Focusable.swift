import Navigation
import Terminal

/// A view that can take keyboard focus: the first responder of the chain while it has it
/// (`ResponderChain`), with the key commands it declares and the actions it performs.
@MainActor
public protocol Focusable: View, Responder {
    /// Whether Tab may stop here now (enabled, and with something to act on).
    var canBecomeFocused: Bool { get }
}
