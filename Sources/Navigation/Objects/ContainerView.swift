/// A container view (`<containerView>`), as Interface Builder's: the place in a parent's view
/// where an embed segue puts a child controller's view. The child is also a child controller of
/// the scene's controller, and appears and disappears with it.
@MainActor
open class ContainerView: View {
    /// The controller the embed segue put here, once the parent's view has loaded.
    public internal(set) weak var embeddedViewController: ViewController?
}
