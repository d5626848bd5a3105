/// A tap gesture recognizer a storyboard attaches to a view, as `UITapGestureRecognizer`: an
/// object of the scene beside its controller, which the view lists in its `gestureRecognizers`
/// outlet collection, with the actions and segues a tap fires.
///
/// A terminal has no taps: the views layer makes a view with a recognizer a focus stop, and
/// Enter on it fires the recognizer, as a tap on the view would.
@MainActor
public final class TapGestureRecognizer {
    public let connections = Connections()
    /// The view it is attached to.
    public internal(set) weak var view: View?
    /// Whether it fires, as `isEnabled` in UIKit.
    public var isEnabled = true
    /// What the views layer keeps for the recognizer (the focus stop that stands for it), so
    /// that it is the same object from frame to frame.
    public var attachment: AnyObject?

    public init() {}

    /// Does what a tap does: the recognizer's actions and segues, with it as the sender.
    public func recognize() {
        guard isEnabled else { return }
        connections.fire(sender: self)
    }
}

extension View {
    /// Attaches a recognizer, as `addGestureRecognizer(_:)`.
    public func addGestureRecognizer(_ recognizer: TapGestureRecognizer) {
        recognizer.view = self
        gestureRecognizers.append(recognizer)
    }
}
