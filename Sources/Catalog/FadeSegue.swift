import Navigation
import Views

/// The fade container's own segue, as `QuizContainerFadeViewControllerSegue` in Apple's
/// UnwindSegue sample: it does not move anything itself, it asks the container to show its
/// destination as the next page (or as the first, when the container performs it), or, as the
/// container's unwind segue, to go back to it. The terminal plays `transition` whenever one
/// performs, forward or back (`CatalogApp` registers it with the app's animator).
///
/// A storyboard uses it as `kind="custom" customClass="FadeSegue"`.
public final class FadeSegue: StoryboardSegue, TransitionProvidingSegue {
    public static var transition: any Transition { CrossDissolveTransition() }

    /// Set by the container that makes this segue for an unwind: the destination is one of its
    /// pages already, and the segue goes back to it.
    public var isUnwind = false

    public override func perform() {
        if isUnwind, let container = destination.parent as? FadeContainerViewController {
            container.popToPage(destination)
        } else if let container = source as? FadeContainerViewController {
            container.setRootPage(destination)
        } else if let container = source.parent as? FadeContainerViewController {
            container.pushPage(destination)
        } else {
            // Outside a fade container there is no page to fade to: the segue shows its
            // destination as Show does, rather than doing nothing.
            source.show(destination, sender: nil)
        }
    }
}
