/// Where a popover points, as `UIPopoverPresentationController`: the view or the bar button
/// item it is anchored at. A presented controller with the style `.popover` has one.
@MainActor
public final class PopoverPresentationController {
    /// The controller shown in the popover.
    public private(set) weak var presentedViewController: ViewController?
    /// The view the popover points at (storyboard: `popoverAnchorView`).
    public weak var sourceView: View?
    /// The bar button item the popover points at (storyboard: `popoverAnchorBarButtonItem`).
    public weak var barButtonItem: BarButtonItem?

    init(presentedViewController: ViewController) {
        self.presentedViewController = presentedViewController
    }
}
